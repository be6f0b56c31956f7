import type { Kysely, Migration } from 'kysely';

/**
 * The Follow-ups view and the reminders' check read only the leads with a follow-up date: a partial index
 * on those (both databases have partial indexes), by date, with what the view filters on (spam, status,
 * owner), so that its groups are counted from the index alone however many leads there are.
 */
async function addFollowUpIndex(db: Kysely<unknown>) {
  await db.schema
    .createIndex('quote_requests_follow_up')
    .on('quote_requests')
    .columns(['follow_up_on', 'spam', 'status', 'owner_id'])
    .where('follow_up_on', 'is not', null)
    .execute();
}

export const followUpMigrations: Record<string, Migration> = {
  '2026-11-29-401-follow-up-index': { up: addFollowUpIndex },
};
