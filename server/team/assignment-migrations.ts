import type { Kysely, Migration } from 'kysely';

/**
 * How new leads get an owner (Settings → Lead assignment), one row (id 1), made when an admin first saves
 * (no row: "Leave unassigned"; an empty table also lets db:copy fill a new database): the mode
 * ('unassigned' | 'turns') and the count of turns given so far; the next lead goes to the eligible account at
 * turn % their number (ordered by id). The UPDATE that takes a turn locks the row until the lead's
 * transaction commits, so two instances never give the same turn. And the daily digests sent: one row
 * per account and local date, claimed in the transaction that queues the digest.
 */
async function createAssignment(db: Kysely<unknown>) {
  await db.schema
    .createTable('lead_assignment')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('mode', 'text', (column) => column.notNull().defaultTo('unassigned'))
    .addColumn('turn', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('staff_digests')
    .addColumn('account_id', 'integer', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('staff_digests_pk', ['account_id', 'day'])
    .execute();
}

export const assignmentMigrations: Record<string, Migration> = {
  '2026-11-29-300-lead-assignment': { up: createAssignment },
};
