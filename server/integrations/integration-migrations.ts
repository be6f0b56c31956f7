import type { Kysely, Migration } from 'kysely';

/**
 * Integrations, the same on both databases (only the id column differs): the integrations, their
 * delivery log, and the outbox's link to an integration with the event it delivers. A delivery is an
 * outbox row about its lead (quote_request_id), so the outbox's owner check holds as it is.
 */
async function createIntegrations(db: Kysely<unknown>, id: 'integer' | 'bigint') {
  const identity = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (column) =>
        id === 'bigint'
          ? column.primaryKey().generatedByDefaultAsIdentity()
          : column.primaryKey().autoIncrement(),
      );
  await identity('integrations')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('secret', 'text')
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await identity('integration_deliveries')
    .addColumn('integration_id', id, (column) =>
      column.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('quote_request_id', id, (column) => column.references('quote_requests.id').onDelete('cascade'))
    .addColumn('outbox_id', id)
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('test', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('ok', 'integer', (column) => column.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('integration_deliveries_integration')
    .on('integration_deliveries')
    .columns(['integration_id', 'id'])
    .execute();
  await db.schema
    .createIndex('integration_deliveries_lead')
    .on('integration_deliveries')
    .column('quote_request_id')
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('integration_id', id, (column) => column.references('integrations.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('outbox').addColumn('event_type', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('event_data', 'text').execute();
  await db.schema.createIndex('outbox_integration').on('outbox').column('integration_id').execute();
}

export const integrationMigrations: Record<string, Migration> = {
  '2026-11-27-501-integrations': { up: (db) => createIntegrations(db, 'integer') },
};

export const integrationPostgresMigrations: Record<string, Migration> = {
  '2026-11-27-501-integrations': { up: (db) => createIntegrations(db, 'bigint') },
};
