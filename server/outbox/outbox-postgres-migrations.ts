import type { Kysely, Migration } from 'kysely';
import { withOutboxColumns } from './outbox-base-columns.ts';
import { addOutboxLane, createOutboxThrottle, dropUnlanedDueIndex } from './outbox-lane-schema.ts';
import { outboxOwnersOnPostgres } from './outbox-owner-migration.ts';

/**
 * The outbox on PostgreSQL: its baseline in one step (on SQLite it grew over
 * several migrations, see quote-migrations.ts and outbox-migrations.ts). The
 * features' baselines that ran after this one added their owner columns;
 * outbox-owner-migration.ts replaced them with the outbox's generic ones.
 */
export const outboxPostgresMigrations: Record<string, Migration> = {
  '2026-11-25-101-outbox-baseline': {
    async up(db: Kysely<unknown>) {
      await withOutboxColumns(
        db.schema
          .createTable('outbox')
          .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity()),
      )
        .addColumn('delivered_via', 'text')
        .addColumn('claimed_until', 'text')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema
        .createIndex('outbox_recipient')
        .on('outbox')
        .columns(['kind', 'recipient', 'created_at'])
        .execute();
    },
  },
  '2026-11-25-210-mail-drop': {
    async up(db: Kysely<unknown>) {
      // Without SMTP_URL, emails are kept here instead of as .eml files on one instance's disk (see
      // mail-drop.ts); each goes with its outbox row. PostgreSQL only: SQLite keeps writing files.
      await db.schema
        .createTable('mail_drop')
        .addColumn('message_id', 'text', (column) =>
          column.primaryKey().references('outbox.message_id').onDelete('cascade'),
        )
        .addColumn('recipient', 'text', (column) => column.notNull())
        .addColumn('eml', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
    },
  },
  '2026-11-26-401-outbox-lanes': {
    async up(db: Kysely<unknown>) {
      await addOutboxLane(db);
      await createOutboxThrottle(db);
    },
  },
  '2026-11-28-701-outbox-owners': outboxOwnersOnPostgres,
  '2026-11-30-110-outbox-due-in-order': {
    /*
     * A worker claims its lane's due rows oldest first (next_attempt_at, then id: outbox-claim.ts). The
     * due index ended at next_attempt_at, so PostgreSQL read every due row of the lane and sorted them
     * for the first twenty: with 7,500 emails waiting after a burst of quotes, 9 ms per claim, growing
     * with the queue. Ending with id, the index is in the claim's order and the scan stops at the
     * twentieth. SQLite's indexes end with the rowid (id) already.
     */
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('outbox_lane_due').execute();
      await db.schema
        .createIndex('outbox_lane_due')
        .on('outbox')
        .columns(['lane', 'status', 'next_attempt_at', 'id'])
        .execute();
    },
  },
  '2026-11-30-120-outbox-due-by-lane-only': {
    /*
     * outbox_due (status, next_attempt_at) came before lanes; every query of due rows names its lane
     * now, and outbox_lane_due (lane, status, next_attempt_at, id) serves them in their order. Before
     * ANALYZE has run on a new table (after a burst of quotes, say), PostgreSQL guessed both indexes
     * equal and could take the older one, then read and sort every due row for a claim of twenty.
     * Gone, it can no longer be taken, and each email written has one index less to keep.
     */
    up: dropUnlanedDueIndex,
  },
};
