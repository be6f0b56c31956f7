import type { Kysely, Migration } from 'kysely';

/**
 * The auto-reply staff write in Settings: one row (id 1), the same on both databases. Its first
 * values are seeded at start from ACK_EMAIL (auto-reply.ts), not here: a migration does not read
 * the configuration.
 */
async function createAutoReply(db: Kysely<unknown>) {
  await db.schema
    .createTable('auto_reply')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();
}

export const autoReplyMigrations: Record<string, Migration> = {
  '2026-11-27-520-auto-reply': { up: createAutoReply },
};

export const autoReplyPostgresMigrations: Record<string, Migration> = {
  '2026-11-27-520-auto-reply': { up: createAutoReply },
};
