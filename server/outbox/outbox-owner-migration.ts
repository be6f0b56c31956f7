import { sql, type Kysely, type Migration, type Transaction } from 'kysely';

/**
 * Decision 031: a row links to what it is about through the outbox's own generic columns, not the
 * features' (quote_request_id, subscriber_id, campaign_id, integration_id, event_type, event_data,
 * each added by its feature, with foreign keys that deleted the rows with their owner). Each row is
 * backfilled from the old columns, which then go: a feature deletes its rows through the outbox
 * (deleteEmailsOf), in the transaction that deletes the owner.
 */
const OLD_COLUMNS = [
  'quote_request_id',
  'subscriber_id',
  'campaign_id',
  'integration_id',
  'event_type',
  'event_data',
] as const;

/** The backfill, the same SQL on both databases: column name → its value from the old columns. */
const BACKFILL = {
  owner_type: `case when campaign_id is not null then 'campaign'
    when quote_request_id is not null then 'lead' else 'subscriber' end`,
  owner_id: 'coalesce(campaign_id, quote_request_id, subscriber_id)',
  recipient_type: `case when integration_id is not null then 'integration'
    when campaign_id is not null and subscriber_id is not null then 'subscriber' end`,
  recipient_id:
    'case when integration_id is not null then integration_id when campaign_id is not null then subscriber_id end',
  payload: `case when event_type is not null then
    '{"event":"' || event_type || '","data":' || coalesce(event_data, 'null') || '}' end`,
} as const;

/** The outbox's columns after this migration, in order, beside the id (SQLite's rebuilt table). */
const SQLITE_COLUMNS = `"kind" text not null, "recipient" text not null, "message_id" text not null unique,
  "status" text not null, "attempts" integer default 0 not null, "next_attempt_at" text not null,
  "last_error" text, "created_at" text not null, "updated_at" text not null, "sent_at" text,
  "delivered_via" text, "claimed_until" text, "lane" text default 'mail' not null,
  "owner_type" text not null, "owner_id" integer not null, "recipient_type" text, "recipient_id" integer,
  "payload" text`;

const KEPT = [
  'kind',
  'recipient',
  'message_id',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'updated_at',
  'sent_at',
  'delivered_via',
  'claimed_until',
  'lane',
] as const;

/** The indexes of the owner and recipient columns, and one campaign email per recipient. */
async function createOwnerIndexes(db: Kysely<unknown>) {
  await db.schema
    .createIndex('outbox_owner')
    .on('outbox')
    .columns(['owner_type', 'owner_id', 'status'])
    .execute();
  await db.schema
    .createIndex('outbox_recipient_of')
    .on('outbox')
    .columns(['recipient_type', 'recipient_id'])
    .execute();
  await sql`create unique index outbox_one_per_recipient
    on outbox (owner_type, owner_id, recipient_type, recipient_id) where lane = 'campaign'`.execute(db);
}

/** SQLite cannot drop columns under a check or a foreign key: the table is rebuilt, rows and ids kept. */
async function rebuildOnSqlite(trx: Transaction<unknown>) {
  const sequence = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'outbox'`.execute(trx);
  await sql
    .raw(`create table "outbox_next" ("id" integer primary key autoincrement, ${SQLITE_COLUMNS})`)
    .execute(trx);
  const kept = KEPT.map((column) => `"${column}"`).join(', ');
  const filled = Object.entries(BACKFILL);
  await sql
    .raw(
      `insert into outbox_next ("id", ${kept}, ${filled.map(([column]) => `"${column}"`).join(', ')})
       select "id", ${kept}, ${filled.map(([, value]) => value).join(', ')} from outbox`,
    )
    .execute(trx);
  await trx.schema.dropTable('outbox').execute();
  await trx.schema.alterTable('outbox_next').renameTo('outbox').execute();
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined)
    await sql`update sqlite_sequence set seq = ${seq} where name = 'outbox'`.execute(trx);
  await trx.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await trx.schema
    .createIndex('outbox_recipient')
    .on('outbox')
    .columns(['kind', 'recipient', 'created_at'])
    .execute();
  await trx.schema
    .createIndex('outbox_lane_due')
    .on('outbox')
    .columns(['lane', 'status', 'next_attempt_at'])
    .execute();
  await createOwnerIndexes(trx);
}

export const outboxOwnersOnSqlite: Migration = {
  async up(db: Kysely<unknown>) {
    await db.transaction().execute(rebuildOnSqlite);
  },
};

/** PostgreSQL drops the old columns with their foreign keys, the owner check and their indexes. */
export const outboxOwnersOnPostgres: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table outbox add column owner_type text, add column owner_id bigint,
      add column recipient_type text, add column recipient_id bigint, add column payload text`.execute(db);
    const set = Object.entries(BACKFILL)
      .map(([column, value]) => `${column} = ${value}`)
      .join(', ');
    await sql.raw(`update outbox set ${set}`).execute(db);
    await sql`alter table outbox alter column owner_type set not null,
      alter column owner_id set not null`.execute(db);
    await sql
      .raw(`alter table outbox ${OLD_COLUMNS.map((column) => `drop column ${column}`).join(', ')}`)
      .execute(db);
    await createOwnerIndexes(db);
  },
};
