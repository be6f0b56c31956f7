import type { Kysely, Migration } from 'kysely';
import './visit-tables.ts';

/** The visit aggregates (visit-tables.ts), the same on both databases; each table's key is its day first. */
async function createVisitTables(db: Kysely<unknown>) {
  const count = 'integer';
  await db.schema
    .createTable('visit_days')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('views', count, (column) => column.notNull().defaultTo(0))
    .addColumn('visitors', count, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('visit_pages')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('views', count, (column) => column.notNull().defaultTo(0))
    .addColumn('visitors', count, (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('visit_pages_pk', ['day', 'path'])
    .execute();
  await db.schema
    .createTable('visit_sources')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('referrer', 'text', (column) => column.notNull())
    .addColumn('utm_source', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('utm_campaign', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('views', count, (column) => column.notNull().defaultTo(0))
    .addColumn('visitors', count, (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('visit_sources_pk', ['day', 'path', 'referrer', 'utm_source', 'utm_campaign'])
    .execute();
  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('salt', 'text', (column) => column.notNull())
    .execute();
}

export const visitMigrations: Record<string, Migration> = {
  '2026-11-28-610-visits': { up: createVisitTables },
};

export const visitPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-610-visits': { up: createVisitTables },
};
