import {
  sql,
  type InsertQueryBuilder,
  type QueryCreator,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newEmailRow, queueEmails, type NewEmail } from './outbox-rows.ts';

/** An email about a record not written yet: its owner's type; the id is the new record's. */
export type EmailAboutNew = Omit<NewEmail, 'owner'> & { ownerType: string };

/** An insert of one record that returns its id (none when ON CONFLICT … DO NOTHING skipped it). */
type RecordInsert<TB extends keyof Database> = (
  db: QueryCreator<Database>,
) => InsertQueryBuilder<Database, TB, { id: number }>;

/** A read the caller wants in the same statement (PostgreSQL): a select of one value, `value`. */
type ValueRead<RB extends keyof Database, V> = (
  db: QueryCreator<Database>,
) => SelectQueryBuilder<Database, RB, { value: V }>;

/**
 * Inserts a record and queues an email about it in the caller's transaction: in one statement where
 * the database allows it (storage.insertsInWith: WITH new AS (INSERT … RETURNING id) INSERT INTO
 * outbox SELECT … FROM new), else the record, then the email. `read`, when given, is read in the
 * same statement (else right after), for a caller whose next step depends on it. Resolves the
 * record's id and what was read, or undefined when the insert skipped the record: then no email is
 * queued either.
 */
export async function insertWithEmail<TB extends keyof Database, RB extends keyof Database, V>(
  trx: Transaction<Database>,
  storage: Pick<Storage, 'insertsInWith'>,
  insert: RecordInsert<TB>,
  { ownerType, ...email }: EmailAboutNew,
  read?: ValueRead<RB, V>,
): Promise<{ id: number; read: V | null } | undefined> {
  if (!storage.insertsInWith) {
    const inserted = await insert(trx).executeTakeFirst();
    if (!inserted) return undefined;
    await queueEmails(trx, [{ ...email, owner: { type: ownerType, id: inserted.id } }]);
    const value = read ? await read(trx).executeTakeFirst() : undefined;
    return { id: inserted.id, read: value?.value ?? null };
  }
  const { owner_id: _id, ...row } = newEmailRow({ ...email, owner: { type: ownerType, id: 0 } });
  const columns = Object.keys(row) as (keyof typeof row)[];
  const queued = await trx
    .with('new_record', insert)
    .insertInto('outbox')
    .columns([...columns, 'owner_id'])
    .expression((eb) =>
      eb
        .selectFrom('new_record')
        .select([...columns.map((column) => sql`${row[column] ?? null}`.as(column)), 'new_record.id']),
    )
    .returning(['owner_id', (read ? sql<V | null>`(${read(trx)})` : sql<null>`null`).as('read')])
    .executeTakeFirst();
  return queued && { id: queued.owner_id, read: queued.read as V | null };
}
