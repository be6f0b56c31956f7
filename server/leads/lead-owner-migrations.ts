import type { Kysely, Migration } from 'kysely';

/**
 * Each lead's owner (docs/decisions/042-owners-and-assignment-in-turn.md): the staff account responsible for
 * answering it (admin_accounts.id; no
 * foreign key, as accounts belong to another feature and are revoked, never deleted), or null for
 * nobody. The index serves the inbox's "Mine": one person's leads, newest first. With it, what the team
 * keeps per lead: its follow-up (a calendar date in ADMIN_TIME_ZONE, "YYYY-MM-DD", or null) and the date a
 * reminder went out for (a reminder is sent once per follow-up date: setting another date reminds again),
 * and when it was escalated for waiting past FIRST_RESPONSE_MINUTES (once; null while not).
 */
async function addOwner(db: Kysely<unknown>) {
  await db.schema.alterTable('quote_requests').addColumn('owner_id', 'integer').execute();
  await db.schema
    .createIndex('quote_requests_owner')
    .on('quote_requests')
    .columns(['owner_id', 'spam', 'id'])
    .execute();
  await db.schema.alterTable('quote_requests').addColumn('follow_up_on', 'text').execute();
  await db.schema.alterTable('quote_requests').addColumn('follow_up_reminded_for', 'text').execute();
  await db.schema.alterTable('quote_requests').addColumn('escalated_at', 'text').execute();
}

/**
 * The dashboard's figures per owner (owner-figures.ts) read from one index: the count per owner, and each
 * owner's median time to first contact along it.
 */
async function addOwnerFiguresIndex(db: Kysely<unknown>) {
  await db.schema
    .createIndex('quote_requests_owner_figures')
    .on('quote_requests')
    .columns(['spam', 'owner_id', 'first_contact_ms', 'created_at'])
    .execute();
}

export const leadOwnerMigrations: Record<string, Migration> = {
  '2026-11-29-110-lead-owners': { up: addOwner },
  '2026-11-29-310-owner-figures': { up: addOwnerFiguresIndex },
};
