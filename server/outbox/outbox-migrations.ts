import type { Kysely, Migration } from 'kysely';
import { addOutboxLane, createOutboxThrottle, dropUnlanedDueIndex } from './outbox-lane-schema.ts';
import { outboxOwnersOnSqlite } from './outbox-owner-migration.ts';

/**
 * The outbox's own columns since it became shared (its table was made by the
 * quote requests' first migration, which has shipped).
 */
export const outboxMigrations: Record<string, Migration> = {
  '2026-11-24-002-outbox-delivered-via': {
    async up(db: Kysely<unknown>) {
      // How a sent email left: "smtp" (a mail server took it) or "file" (written as .eml: nobody was
      // told). Emails sent before this column existed keep null: how they left was not recorded.
      await db.schema.alterTable('outbox').addColumn('delivered_via', 'text').execute();
    },
  },
  '2026-11-25-005-outbox-claimed-until': {
    async up(db: Kysely<unknown>) {
      // The lease of an email being sent (see OutboxTable.claimed_until). Rows claimed by a release
      // before this one had their next attempt moved to the lease's end instead: they stay due then.
      await db.schema.alterTable('outbox').addColumn('claimed_until', 'text').execute();
    },
  },
  '2026-11-26-401-outbox-lanes': {
    async up(db: Kysely<unknown>) {
      await addOutboxLane(db);
      await createOutboxThrottle(db);
    },
  },
  '2026-11-28-701-outbox-owners': outboxOwnersOnSqlite,
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
