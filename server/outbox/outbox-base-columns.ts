import type { CreateTableBuilder } from 'kysely';

/**
 * The outbox's own columns as its first migrations made them, in their order, after whatever the table
 * begins with (its id, and on SQLite the owner columns of the time): what a row sends, to whom, its
 * Message-ID, and where its sending stands. One list for the baselines of both databases and for SQLite's
 * rebuild of the table, so that they cannot drift apart.
 */
export function withOutboxColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text');
}
