import { type Kysely, type Migration, Migrator, sql } from 'kysely';

/**
 * The schema, as migrations defined in code (so the build needs no migration
 * files beside it). Only Kysely's schema builder is used, so the same
 * migrations can run on PostgreSQL; there `autoIncrement` would become an
 * identity column. Never edit a migration that has shipped: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '2025-06-01-001-quote-requests-and-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quote_requests')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('phone', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('source_page', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('quote_requests_email').on('quote_requests').column('email').execute();
      await db.schema
        .createIndex('quote_requests_created_at')
        .on('quote_requests')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('quote_request_id', 'integer', (column) =>
          column.notNull().references('quote_requests.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('recipient', 'text', (column) => column.notNull())
        .addColumn('message_id', 'text', (column) => column.notNull().unique())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (column) => column.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_quote_request').on('outbox').column('quote_request_id').execute();
      await db.schema
        .createIndex('outbox_recipient')
        .on('outbox')
        .columns(['kind', 'recipient', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
      await db.schema.dropTable('quote_requests').execute();
    },
  },

  '2026-11-21-001-newsletter-subscribers': {
    async up(db: Kysely<unknown>) {
      // One transaction: a failure leaves the database as it was.
      await db.transaction().execute(async (trx) => {
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

        // An outbox row now belongs to a quote request or to a subscriber. SQLite cannot make
        // a column nullable, so the table is rebuilt with its rows and ids (on PostgreSQL this
        // would be ALTER COLUMN quote_request_id DROP NOT NULL and ADD COLUMN subscriber_id).
        await trx.schema
          .createTable('outbox_next')
          .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('quote_request_id', 'integer', (column) =>
            column.references('quote_requests.id').onDelete('cascade'),
          )
          .addColumn('subscriber_id', 'integer', (column) =>
            column.references('subscribers.id').onDelete('cascade'),
          )
          .addColumn('kind', 'text', (column) => column.notNull())
          .addColumn('recipient', 'text', (column) => column.notNull())
          .addColumn('message_id', 'text', (column) => column.notNull().unique())
          .addColumn('status', 'text', (column) => column.notNull())
          .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text', (column) => column.notNull())
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('updated_at', 'text', (column) => column.notNull())
          .addColumn('sent_at', 'text')
          .addCheckConstraint('outbox_one_owner', sql`(quote_request_id is null) <> (subscriber_id is null)`)
          .execute();
        const columns = sql.raw(
          'id, quote_request_id, kind, recipient, message_id, status, attempts, next_attempt_at, last_error, created_at, updated_at, sent_at',
        );
        await sql`insert into outbox_next (${columns}) select ${columns} from outbox`.execute(trx);
        await trx.schema.dropTable('outbox').execute();
        await trx.schema.alterTable('outbox_next').renameTo('outbox').execute();
        await trx.schema
          .createIndex('outbox_due')
          .on('outbox')
          .columns(['status', 'next_attempt_at'])
          .execute();
        await trx.schema
          .createIndex('outbox_quote_request')
          .on('outbox')
          .column('quote_request_id')
          .execute();
        await trx.schema.createIndex('outbox_subscriber').on('outbox').column('subscriber_id').execute();
        await trx.schema
          .createIndex('outbox_recipient')
          .on('outbox')
          .columns(['kind', 'recipient', 'created_at'])
          .execute();
      });
    },
  },
};

/** Brings the database to the latest schema; throws if a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`.replace('  ', ' '), {
      cause: error,
    });
  }
}
