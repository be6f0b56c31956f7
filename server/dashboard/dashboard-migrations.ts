import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the dashboard's lead figures (lead-figures.ts), the same on both databases. Each
 * covers its query, so the figures are read from the index alone, not from 100,000 leads' rows:
 * - the leads of a period that are not spam, with what the figures group by (status, page);
 * - a lead's events by kind, with when and by whom: the first status change or note by a person.
 */
async function createDashboardIndexes(db: Kysely<unknown>) {
  await db.schema
    .createIndex('quote_requests_dashboard')
    .on('quote_requests')
    .columns(['spam', 'created_at', 'status', 'source_page'])
    .execute();
  await db.schema
    .createIndex('lead_events_first_contact')
    .on('lead_events')
    .columns(['quote_request_id', 'kind', 'at', 'actor'])
    .execute();
}

export const dashboardMigrations: Record<string, Migration> = {
  '2026-11-28-600-dashboard-indexes': { up: createDashboardIndexes },
};

export const dashboardPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-600-dashboard-indexes': { up: createDashboardIndexes },
};
