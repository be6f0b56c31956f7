import {
  sql,
  type InsertQueryBuilder,
  type QueryCreator,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';
import { newEmailRow, queueEmails, type NewEmail } from './outbox-rows.ts';

/** An email about a record not written yet: its owner's type; the id is the new record's. */
export type EmailAboutNew = Omit<NewEmail, 'owner'> & { ownerType: string };

/**
 * An insert of one record that returns its id (none when ON CONFLICT … DO NOTHING skipped it): built by
 * the record's owner on the caller's transaction, through its own view of it (tablesOf).
 */
export type RecordInsert<O extends { id: number } = { id: number }> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the owner's view and table
  (db: QueryCreator<Database>) => InsertQueryBuilder<any, any, O>;

/** A read the caller wants in the same statement (PostgreSQL): a select of one value, `value`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a read from any view and table
export type ValueRead = (db: QueryCreator<Database>) => SelectQueryBuilder<any, any, { value: unknown }>;

/**
 * Inserts a record and queues an email about it in the caller's transaction: in one statement where
 * the database allows it (storage.insertsInWith: WITH new AS (INSERT … RETURNING id) INSERT INTO
 * outbox SELECT … FROM new), else the record, then the email. `reads`, when given, are read in the
 * same statement (else right after), for a caller whose next steps depend on them. Resolves the
 * record's id and what was read (in the order of `reads`, null where no row), or undefined when the
 * insert skipped the record: then no email is queued either.
 */
export async function insertWithEmail(
  trx: Transaction<Database>,
  storage: Pick<Storage, 'insertsInWith'>,
  insert: RecordInsert,
  { ownerType, ...email }: EmailAboutNew,
  reads: readonly ValueRead[] = [],
): Promise<{ id: number; reads: unknown[] } | undefined> {
  if (!storage.insertsInWith) {
    const inserted = await insert(trx).executeTakeFirst();
    if (!inserted) return undefined;
    await queueEmails(trx, [{ ...email, owner: { type: ownerType, id: inserted.id } }]);
    const values: unknown[] = [];
    for (const read of reads) values.push((await read(trx).executeTakeFirst())?.value ?? null);
    return { id: inserted.id, reads: values };
  }
  const { owner_id: _id, ...row } = newEmailRow({ ...email, owner: { type: ownerType, id: 0 } });
  const columns = Object.keys(row) as (keyof typeof row)[];
  // The outbox's view of the caller's transaction; the record's insert is built on the transaction itself.
  const queued = await tablesOf<OutboxTables>(trx)
    .with('new_record', () => insert(trx))
    .insertInto('outbox')
    .columns([...columns, 'owner_id'])
    .expression((eb) =>
      eb
        .selectFrom('new_record')
        .select([...columns.map((column) => sql`${row[column] ?? null}`.as(column)), 'new_record.id']),
    )
    .returning(['owner_id', ...readColumns(trx, reads)])
    .executeTakeFirst();
  if (!queued) return undefined;
  return { id: queued.owner_id, reads: readValues(queued, reads) };
}

/** The reads as columns of a RETURNING list: `(select …) as read_0`, … */
export const readColumns = (trx: Transaction<Database>, reads: readonly ValueRead[]) =>
  reads.map((read, index) => sql<unknown>`(${read(trx)})`.as(`read_${index}`));

/** The values of readColumns in a returned row, in the order of `reads` (null where no row). */
export const readValues = (returned: object, reads: readonly ValueRead[]): unknown[] =>
  reads.map((_, index) => (returned as Record<string, unknown>)[`read_${index}`] ?? null);
