import { type Kysely, type Migration, sql } from 'kysely';

/** The newsletter's tables on PostgreSQL, as they are today (SQLite's history: newsletter-migrations.ts). */
export const newsletterPostgresMigrations: Record<string, Migration> = {
  '2026-11-25-103-newsletter-baseline': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
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
      await db.schema.createIndex('subscribers_status').on('subscribers').column('status').execute();

      await db.schema
        .createTable('subscriber_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('subscriber_id', 'bigint', (column) =>
          column.notNull().references('subscribers.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('subscriber_tokens_subscriber')
        .on('subscriber_tokens')
        .columns(['subscriber_id', 'purpose'])
        .execute();

      // An outbox row belongs to a quote request or to a subscriber (the quote baseline ran before).
      await db.schema
        .alterTable('outbox')
        .addColumn('subscriber_id', 'bigint', (column) =>
          column.references('subscribers.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .alterTable('outbox')
        .addCheckConstraint('outbox_one_owner', sql`(quote_request_id is null) <> (subscriber_id is null)`)
        .execute();
      await db.schema.createIndex('outbox_subscriber').on('outbox').column('subscriber_id').execute();
    },
  },
};
