import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';
import {
  readColumns,
  readValues,
  type EmailAboutNew,
  type RecordInsert,
  type ValueRead,
} from './insert-with-email.ts';
import { newEmailRow } from './outbox-rows.ts';

/** An insert of several records that returns each one's id and key (none for a record ON CONFLICT … DO NOTHING skipped). */
type RecordsInsert = RecordInsert<{ id: number; key: string }>;

/** A record of the insert (by the unique `key` it returns) and the email about it. */
export interface KeyedEmail {
  key: string;
  email: EmailAboutNew;
}

/** What differs from one email of a batch to the next: its Message-ID and its time; all text. */
const PER_EMAIL = ['message_id', 'next_attempt_at', 'created_at', 'updated_at'] as const;

/**
 * insertWithEmail for several records in one statement (PostgreSQL: storage.insertsInWith), for a
 * write group's shared statement (server/db/shared-statements.ts):
 *
 *   WITH new_record AS (INSERT … VALUES (…), (…) ON CONFLICT DO NOTHING RETURNING id, key)
 *   INSERT INTO outbox SELECT …, new_record.id FROM new_record JOIN (VALUES (key, message_id, …), …) v
 *   USING (key) RETURNING owner_id, message_id, reads
 *
 * Resolves, in the order of `emails`, each record's id and the reads (read once, in the statement), or
 * undefined for a record the insert skipped. The emails may differ only in their Message-ID and time:
 * when they differ in more, nothing is written and every record is undefined (written one by one).
 */
export async function insertManyWithEmail(
  trx: Transaction<Database>,
  insert: RecordsInsert,
  emails: readonly KeyedEmail[],
  reads: readonly ValueRead[] = [],
): Promise<({ id: number; reads: unknown[] } | undefined)[]> {
  const rows = emails.map(({ email: { ownerType, ...email } }) =>
    newEmailRow({ ...email, owner: { type: ownerType, id: 0 } }),
  );
  const [first] = rows;
  const { owner_id: _id, ...shape } = first ?? {};
  const common = (Object.keys(shape) as (keyof typeof shape)[]).filter(
    (column) => !(PER_EMAIL as readonly string[]).includes(column),
  );
  if (!first || rows.some((row) => common.some((column) => row[column] !== first[column])))
    return emails.map(() => undefined);
  const each = sql.join(
    emails.map(
      ({ key }, index) => sql`(${sql.join([key, ...PER_EMAIL.map((column) => rows[index]?.[column])])})`,
    ),
  );
  const perEmail = sql`(values ${each})`.as<'v'>(
    sql`v(key, ${sql.join(PER_EMAIL.map((column) => sql.ref(column)))})`,
  );
  // The outbox's view of the caller's transaction; the record's insert is built on the transaction itself.
  const queued = await tablesOf<OutboxTables>(trx)
    .with('new_record', () => insert(trx))
    .insertInto('outbox')
    .columns([...common, ...PER_EMAIL, 'owner_id'])
    .expression((eb) =>
      eb
        .selectFrom('new_record')
        .innerJoin(perEmail, (join) => join.on(sql`v.key`, '=', sql.ref('new_record.key')))
        .select([
          ...common.map((column) => sql`${first[column] ?? null}`.as(column)),
          ...PER_EMAIL.map((column) => sql.ref(`v.${column}`).as(column)),
          'new_record.id',
        ]),
    )
    .returning(['owner_id', 'message_id', ...readColumns(trx, reads)])
    .execute();
  const byMessage = new Map(queued.map((row) => [row.message_id, row]));
  return rows.map((row) => {
    const stored = byMessage.get(row.message_id);
    return stored && { id: stored.owner_id, reads: readValues(stored, reads) };
  });
}
