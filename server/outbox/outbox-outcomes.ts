import { sql, type Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import type { Attempt, Failure, MessageKind } from './message-kind.ts';
import type { DeliveredVia, OutboxRow } from './outbox-table.ts';

/** How much of an error message is kept on the row. */
const MAX_ERROR_LENGTH = 1000;

/** The columns an outcome sets on its row (beside claimed_until and updated_at). */
type RowState = Pick<
  OutboxRow,
  'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'sent_at' | 'delivered_via'
>;

type Hook = { name: 'onSent'; attempt: Attempt } | { name: 'onRetry' | 'onDead'; failure: Failure };

/** What became of one claimed row: its new state, when, and which hook of its kind follows. */
export interface Outcome {
  row: OutboxRow;
  change: Partial<RowState>;
  at: Date;
  hook: Hook;
}

/**
 * Sent through `via`: a mail server ("smtp"), or only kept as an .eml file ("file") or in the
 * database ("database"), or taken by an HTTP receiver ("http", with its status and duration).
 */
export const sentOutcome = (row: OutboxRow, at: Date, via: DeliveredVia, attempt: Attempt = {}): Outcome => ({
  row,
  change: {
    status: 'sent',
    attempts: row.attempts + 1,
    sent_at: at.toISOString(),
    last_error: null,
    delivered_via: via,
  },
  at,
  hook: { name: 'onSent', attempt },
});

/** Failed for now: due again at `nextAttempt`. */
export const retryOutcome = (
  row: OutboxRow,
  at: Date,
  nextAttempt: Date,
  error: string,
  attempt: Attempt = {},
): Outcome => ({
  row,
  change: {
    attempts: row.attempts + 1,
    next_attempt_at: nextAttempt.toISOString(),
    last_error: error.slice(0, MAX_ERROR_LENGTH),
  },
  at,
  hook: { name: 'onRetry', failure: { ...attempt, permanent: false, error } },
});

/** `permanent`: the mail server refused it for good (5xx); otherwise it ran out of attempts. */
export const deadOutcome = (
  row: OutboxRow,
  at: Date,
  error: string,
  permanent = false,
  attempt: Attempt = {},
): Outcome => ({
  row,
  change: { status: 'dead', attempts: row.attempts + 1, last_error: error.slice(0, MAX_ERROR_LENGTH) },
  at,
  hook: { name: 'onDead', failure: { ...attempt, permanent, error } },
});

/** The row's state once the outcome is applied (what its kind's hook sees). */
const stateAfter = ({ row, change }: Outcome): OutboxRow => ({ ...row, ...change });

/**
 * One UPDATE … FROM (VALUES …) for every row of the list (the same SQL on both databases: the
 * columns of a VALUES list are column1, column2, … in each). Returns the ids it found: a row
 * deleted meanwhile (a data-subject request) is not among them.
 */
async function updateRows(trx: Transaction<Database>, outcomes: readonly Outcome[]): Promise<Set<number>> {
  const found = new Set<number>();
  await inChunks(outcomes, async (chunk) => {
    const values = chunk.map((outcome) => {
      const state = stateAfter(outcome);
      return sql`(cast(${state.id} as integer), ${state.status}, cast(${state.attempts} as integer), ${state.next_attempt_at}, ${state.last_error}, ${state.sent_at}, ${state.delivered_via}, ${outcome.at.toISOString()})`;
    });
    const { rows } = await sql<{ id: number }>`update outbox set status = v.column2, attempts = v.column3,
      next_attempt_at = v.column4, last_error = v.column5, sent_at = v.column6, delivered_via = v.column7,
      claimed_until = null, updated_at = v.column8
      from (values ${sql.join(values)}) as v where outbox.id = v.column1 returning outbox.id`.execute(trx);
    for (const { id } of rows) found.add(Number(id));
  });
  return found;
}

/**
 * Records the outcomes of a worker's pass in the caller's transaction: one statement for the rows,
 * then each kind's hooks on the rows it still holds, in the order given. A kind with onSentBatch is
 * told of its sent rows once, together.
 */
export async function recordOutcomes(
  trx: Transaction<Database>,
  byKind: ReadonlyMap<string, MessageKind>,
  outcomes: readonly Outcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const found = await updateRows(trx, outcomes);
  const sentTogether = new Map<MessageKind, OutboxRow[]>();
  for (const outcome of outcomes) {
    if (!found.has(outcome.row.id)) continue;
    const kind = byKind.get(outcome.row.kind);
    if (!kind) continue;
    const current = stateAfter(outcome);
    const { hook } = outcome;
    if (hook.name === 'onSent' && kind.onSentBatch) {
      sentTogether.set(kind, [...(sentTogether.get(kind) ?? []), current]);
    } else if (hook.name === 'onSent') await kind.onSent?.(trx, current, outcome.at, hook.attempt);
    else await kind[hook.name]?.(trx, current, outcome.at, hook.failure);
  }
  const at = outcomes.reduce((latest, { at }) => (at > latest ? at : latest), outcomes[0]?.at ?? new Date());
  for (const [kind, rows] of sentTogether) await kind.onSentBatch?.(trx, rows, at);
}
