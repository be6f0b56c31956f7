import type { Transaction } from 'kysely';

/**
 * One statement that writes the rows of several jobs of a write group at once (a multi-row INSERT):
 * given the rows in the order their jobs were queued, it resolves what it wrote for each, in the same
 * order, or undefined for a row it did not write (that row's job then writes it itself). Why
 * (docs/decisions/047-leads-of-a-write-group-in-one-statement.md): on
 * PostgreSQL a statement costs a round trip and an executor of its own, whatever its rows; a group of
 * four leads written as one statement costs about a quarter of PostgreSQL's CPU less per lead.
 */
export type SharedStatement<DB, R, I> = (
  trx: Transaction<DB>,
  rows: readonly R[],
) => Promise<readonly (I | undefined)[]>;

/** A job's part in a shared statement: the statement, and its row. */
export interface Sharing<DB> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each statement has rows of its own type
  statement: SharedStatement<DB, any, unknown>;
  row: unknown;
}

/**
 * Runs each shared statement of the group once, for the rows of all its jobs, and returns what each
 * job is given (by the job's index). A statement only one job of the group uses is not run: that job
 * writes its row itself, as it does when it is alone.
 */
export async function runSharedStatements<DB>(
  trx: Transaction<DB>,
  jobs: readonly { sharing?: Sharing<DB> }[],
): Promise<unknown[]> {
  const byStatement = new Map<Sharing<DB>['statement'], number[]>();
  jobs.forEach(({ sharing }, index) => {
    if (sharing) byStatement.set(sharing.statement, [...(byStatement.get(sharing.statement) ?? []), index]);
  });
  const given: unknown[] = jobs.map(() => undefined);
  for (const [statement, indexes] of byStatement) {
    if (indexes.length < 2) continue;
    const written = await statement(
      trx,
      indexes.map((index) => jobs[index]?.sharing?.row),
    );
    indexes.forEach((index, position) => (given[index] = written[position]));
  }
  return given;
}
