import type { Kysely, Migration } from 'kysely';

/**
 * The quote requests' tables. The first migration also made the outbox, when
 * quote requests were its only use; it has shipped, so it stays as it was
 * (a migration is never edited: add a new one).
 */
export const quoteMigrations: Record<string, Migration> = {
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
};
