import type { Kysely } from 'kysely';

/**
 * The outbox's lanes, the same on both databases: every row is in one ('mail' for the emails of the
 * features, 'campaign' for newsletter campaigns), and each lane has its own worker, so a campaign of
 * thousands never delays a quote's notification. The due index leads with the lane: each worker
 * reads its own lane's due rows only.
 */
export async function addOutboxLane(db: Kysely<unknown>) {
  await db.schema
    .alterTable('outbox')
    .addColumn('lane', 'text', (column) => column.notNull().defaultTo('mail'))
    .execute();
  await db.schema
    .createIndex('outbox_lane_due')
    .on('outbox')
    .columns(['lane', 'status', 'next_attempt_at'])
    .execute();
}

/**
 * A lane's throttle, counted in the database so that it holds across restarts and instances: one row
 * per throttled lane, the start of its current minute and how many emails were claimed in it. The
 * claim transaction reads and raises it (locked on PostgreSQL).
 */
export async function createOutboxThrottle(db: Kysely<unknown>) {
  await db.schema
    .createTable('outbox_throttle')
    .addColumn('lane', 'text', (column) => column.primaryKey())
    .addColumn('window_start', 'text', (column) => column.notNull())
    .addColumn('claimed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

/** Drops outbox_due, which outbox_lane_due replaced (2026-11-30-120). */
export async function dropUnlanedDueIndex(db: Kysely<unknown>) {
  await db.schema.dropIndex('outbox_due').ifExists().execute();
}
