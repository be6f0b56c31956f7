/**
 * bench:admin's visits: a year of the daily aggregates the visit counting
 * writes (server/visits/visit-tables.ts) for 20 pages, each page's views of a
 * day from a few sources (a search engine, direct, our own pages, a campaign's
 * links). The same rows on SQLite and PostgreSQL, in multi-row INSERTs.
 */
import { randomInt } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../server/db/database-tables.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { VisitTables } from '../server/visits/visit-tables.ts';
import { BENCH_PAGES } from './admin-leads.ts';

const DAYS = 400;
const BATCH = 500;
const SOURCES = [
  { referrer: 'google.com', utm_source: '', utm_campaign: '' },
  { referrer: 'direct', utm_source: '', utm_campaign: '' },
  { referrer: 'internal', utm_source: '', utm_campaign: '' },
  { referrer: 'linkedin.com', utm_source: 'linkedin', utm_campaign: 'diwali-offer' },
];

type Row<T extends keyof VisitTables> = Insertable<VisitTables[T]>;

async function insertInBatches<T extends 'visit_days' | 'visit_pages' | 'visit_sources'>(
  db: Kysely<Database>,
  table: T,
  rows: Row<T>[],
) {
  for (let from = 0; from < rows.length; from += BATCH) {
    await tablesOf<VisitTables>(db)
      .insertInto(table)
      .values(rows.slice(from, from + BATCH) as never)
      .execute();
  }
}

/** The local days (UTC dates are close enough for a bench) of the last 400 days, each page's and source's counts. */
export async function seedVisits(db: Kysely<Database>): Promise<number> {
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(Date.now() - i * 24 * 60 * 60_000).toISOString().slice(0, 10),
  );
  const pages: Row<'visit_pages'>[] = [];
  const sources: Row<'visit_sources'>[] = [];
  const totals: Row<'visit_days'>[] = [];
  for (const day of days) {
    let dayViews = 0;
    let dayVisitors = 0;
    for (const [p, path] of BENCH_PAGES.entries()) {
      const counts = SOURCES.map((source) => {
        const views = 1 + randomInt(Math.max(2, 120 - p * 5));
        return { day, path, ...source, views, visitors: Math.max(1, Math.round(views * 0.7)) };
      });
      sources.push(...counts);
      const views = counts.reduce((sum, count) => sum + count.views, 0);
      const visitors = counts.reduce((sum, count) => sum + count.visitors, 0);
      pages.push({ day, path, views, visitors });
      dayViews += views;
      dayVisitors += visitors;
    }
    // A visitor of several pages is one of the day's visitors: fewer than the pages' sum.
    totals.push({ day, views: dayViews, visitors: Math.round(dayVisitors * 0.8) });
  }
  await insertInBatches(db, 'visit_days', totals);
  await insertInBatches(db, 'visit_pages', pages);
  await insertInBatches(db, 'visit_sources', sources);
  return totals.length + pages.length + sources.length;
}
