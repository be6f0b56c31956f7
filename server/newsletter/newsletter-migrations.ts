import { type Kysely, type Migration, sql, type Transaction } from 'kysely';
import { withOutboxColumns } from '../outbox/outbox-base-columns.ts';

/** The subscribers and their links' tokens. */
async function createSubscriberTables(trx: Transaction<unknown>) {
  await trx.schema
    .createTable('subscribers')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_signup_at', 'text', (column) => column.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('source_page', 'text', (column) => column.notNull())
    .addColumn('consent_version', 'text', (column) => column.notNull())
    .addColumn('consent_text', 'text', (column) => column.notNull())
    .execute();
  await trx.schema.createIndex('subscribers_status').on('subscribers').column('status').execute();

  await trx.schema
    .createTable('subscriber_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('subscriber_id', 'integer', (column) =>
      column.notNull().references('subscribers.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await trx.schema
    .createIndex('subscriber_tokens_subscriber')
    .on('subscriber_tokens')
    .columns(['subscriber_id', 'purpose'])
    .execute();
}

async function rebuildOutboxForSubscribers(trx: Transaction<unknown>) {
  // An outbox row now belongs to a quote request or to a subscriber. SQLite cannot make
  // a column nullable, so the table is rebuilt with its rows and ids (on PostgreSQL this
  // would be ALTER COLUMN quote_request_id DROP NOT NULL and ADD COLUMN subscriber_id).
  await withOutboxColumns(
    trx.schema
      .createTable('outbox_next')
      .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
      .addColumn('quote_request_id', 'integer', (column) =>
        column.references('quote_requests.id').onDelete('cascade'),
      )
      .addColumn('subscriber_id', 'integer', (column) =>
        column.references('subscribers.id').onDelete('cascade'),
      ),
  )
    .addCheckConstraint('outbox_one_owner', sql`(quote_request_id is null) <> (subscriber_id is null)`)
    .execute();
  const columns = sql.raw(
    'id, quote_request_id, kind, recipient, message_id, status, attempts, next_attempt_at, last_error, created_at, updated_at, sent_at',
  );
  await sql`insert into outbox_next (${columns}) select ${columns} from outbox`.execute(trx);
  await trx.schema.dropTable('outbox').execute();
  await trx.schema.alterTable('outbox_next').renameTo('outbox').execute();
  await trx.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await trx.schema.createIndex('outbox_quote_request').on('outbox').column('quote_request_id').execute();
  await trx.schema.createIndex('outbox_subscriber').on('outbox').column('subscriber_id').execute();
  await trx.schema
    .createIndex('outbox_recipient')
    .on('outbox')
    .columns(['kind', 'recipient', 'created_at'])
    .execute();
}

/** The newsletter's tables, and an outbox row's link to a subscriber. */
export const newsletterMigrations: Record<string, Migration> = {
  '2026-11-21-001-newsletter-subscribers': {
    async up(db: Kysely<unknown>) {
      // One transaction: a failure leaves the database as it was.
      await db.transaction().execute(async (trx) => {
        await createSubscriberTables(trx);
        await rebuildOutboxForSubscribers(trx);
      });
    },
  },
};
