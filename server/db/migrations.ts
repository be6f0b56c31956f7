import { type Kysely, type Migration, Migrator } from 'kysely';

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
