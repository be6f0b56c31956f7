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

/**
 * The visit figures of a long period (12 weeks, 12 months: most of the visit tables) grouped in index
 * order, by page, by source and by campaign, with the counts in the index: no row is read and none is
 * sorted to be grouped. A short period reads its days by the tables' keys (day first).
 */
async function createVisitFigureIndexes(db: Kysely<unknown>) {
  await db.schema
    .createIndex('visit_pages_by_path')
    .on('visit_pages')
    .columns(['path', 'day', 'views', 'visitors'])
    .execute();
  await db.schema
    .createIndex('visit_sources_by_referrer')
    .on('visit_sources')
    .columns(['referrer', 'day', 'views', 'visitors'])
    .execute();
  await db.schema
    .createIndex('visit_sources_by_campaign')
    .on('visit_sources')
    .columns(['utm_source', 'utm_campaign', 'day', 'views', 'visitors'])
    .execute();
}

export const dashboardMigrations: Record<string, Migration> = {
  '2026-11-28-600-dashboard-indexes': { up: createDashboardIndexes },
  '2026-11-28-621-visit-figure-indexes': { up: createVisitFigureIndexes },
};

export const dashboardPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-600-dashboard-indexes': { up: createDashboardIndexes },
  '2026-11-28-621-visit-figure-indexes': { up: createVisitFigureIndexes },
};
