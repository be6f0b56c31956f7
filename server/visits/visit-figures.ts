import { type RawBuilder, sql } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { SourcePageCount } from '../../common/dashboard-domain.ts';
import { addDays, localDate } from '../time/zoned-time.ts';
import { isLong, type PeriodBounds, type UtcRange } from '../time/period-bounds.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { VisitTables } from './visit-tables.ts';

/** The most pages, sources and campaigns the dashboard lists (most viewed first). */
const TOP_PAGES = 20;
const TOP_SOURCES = 10;
const TOP_CAMPAIGNS = 10;

interface DayVisits {
  day: string;
  views: number;
  visitors: number;
}

export interface VisitFigures {
  perDay: DayVisits[];
  views: number;
  visitors: number;
  previousViews: number;
  previousVisitors: number;
  topPages: { path: string; views: number; visitors: number; leads: number; conversionRate: number | null }[];
  sources: { source: string; views: number; visitors: number }[];
  campaigns: { utmSource: string; utmCampaign: string; views: number; visitors: number }[];
}

/**
 * The local dates ("YYYY-MM-DD" in the time zone) of a range whose bounds are local midnights, oldest
 * first: the days the visit tables are keyed by.
 */
function localDays(range: UtcRange, timeZone: string): string[] {
  const last = localDate(range.end, timeZone);
  const days: string[] = [];
  for (let day = localDate(range.start, timeZone); day < last; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

/**
 * A lead's source_page as the visit tables name the page: the form keeps the Referer's path as sent, so
 * "/services/" (the site serves a page with and without its trailing slash) is the page "/services".
 */
function pagePath(sourcePage: string): string {
  const path = sourcePage.split(/[?#]/)[0] ?? sourcePage;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const count = (value: number | string | null | undefined) => Number(value ?? 0);

/** The period's leads by page, as the visit tables name the pages. */
function leadsByPath(leadsByPage: readonly SourcePageCount[]): Map<string, number> {
  const leads = new Map<string, number>();
  for (const { sourcePage, count: n } of leadsByPage) {
    const path = pagePath(sourcePage);
    leads.set(path, (leads.get(path) ?? 0) + n);
  }
  return leads;
}

type DayRow = { day: string; views: number | string | null; visitors: number | string | null };

/** Views and visitors per day of the period (none on a day without a row), and the previous period's totals. */
function daySeries(dayRows: readonly DayRow[], days: readonly string[], previousDays: readonly string[]) {
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const perDay = days.map((day) => {
    const row = byDay.get(day);
    return { day, views: count(row?.views), visitors: count(row?.visitors) };
  });
  let previousViews = 0;
  let previousVisitors = 0;
  for (const day of previousDays) {
    const row = byDay.get(day);
    previousViews += count(row?.views);
    previousVisitors += count(row?.visitors);
  }
  return {
    perDay,
    views: perDay.reduce((sum, day) => sum + day.views, 0),
    visitors: perDay.reduce((sum, day) => sum + day.visitors, 0),
    previousViews,
    previousVisitors,
  };
}

/**
 * The dashboard's visit figures, from the daily aggregates of server/visits (visit-tables.ts), keyed by
 * the local day in ADMIN_TIME_ZONE: a period is the list of its local days, compared as text
 * ("YYYY-MM-DD" sorts as dates), the same on both databases. Visitors are distinct within a day only
 * (a new salt each day), so a period's visitors are the sum of its days'.
 */
export function createVisitFigures(storage: Pick<Storage, 'db' | 'tableByIndex'>) {
  const { db } = storage;

  const totals = sql`sum(views) as views, sum(visitors) as visitors`;
  type Totals = { views: number | string | null; visitors: number | string | null };
  const top = async <Key>(query: RawBuilder<unknown>) =>
    (await (query as RawBuilder<Key & Totals>).execute(db)).rows;

  return {
    /**
     * Every figure of the period, and the previous period's totals. `leadsByPage` is the period's
     * leads by source page (lead-figures.ts), for each top page's conversion rate: awaited last, so
     * that the visits' queries need not wait for the leads'.
     */
    async ofPeriod(
      bounds: PeriodBounds,
      timeZone: string,
      leadsByPage: Promise<readonly SourcePageCount[]>,
    ): Promise<VisitFigures> {
      const days = localDays(bounds.current, timeZone);
      const previousDays = localDays(bounds.previous, timeZone);
      const first = days[0] ?? '';
      const last = days.at(-1) ?? '';
      const long = isLong(bounds.current);
      const from = (table: string, index: string) => storage.tableByIndex(table, long ? index : undefined);
      // Started together: on PostgreSQL they overlap (each on a connection of the pool).
      const [dayRows, pageRows, sourceRows, campaignRows] = await Promise.all([
        // Both periods' days in one read of visit_days (its key is the day): at most 2 × 366 rows.
        tablesOf<VisitTables>(db)
          .selectFrom('visit_days')
          .select(['day', 'views', 'visitors'])
          .where('day', '>=', previousDays[0] ?? first)
          .where('day', '<=', last)
          .execute(),
        top<{ path: string }>(
          sql`select path, ${totals} from ${from('visit_pages', 'visit_pages_by_path')}
            where day >= ${first} and day <= ${last}
            group by path order by views desc, path limit ${TOP_PAGES}`,
        ),
        top<{ referrer: string }>(
          sql`select referrer, ${totals} from ${from('visit_sources', 'visit_sources_by_referrer')}
            where day >= ${first} and day <= ${last}
            group by referrer order by views desc, referrer limit ${TOP_SOURCES}`,
        ),
        top<{ utm_source: string; utm_campaign: string }>(
          sql`select utm_source, utm_campaign, ${totals} from ${from('visit_sources', 'visit_sources_by_campaign')}
            where utm_source > '' and day >= ${first} and day <= ${last}
            group by utm_source, utm_campaign order by views desc, utm_source, utm_campaign limit ${TOP_CAMPAIGNS}`,
        ),
      ]);
      const leads = leadsByPath(await leadsByPage);
      return {
        ...daySeries(dayRows, days, previousDays),
        topPages: pageRows.map((row) => {
          const visitors = count(row.visitors);
          const pageLeads = leads.get(row.path) ?? 0;
          return {
            path: row.path,
            views: count(row.views),
            visitors,
            leads: pageLeads,
            conversionRate: visitors === 0 ? null : pageLeads / visitors,
          };
        }),
        sources: sourceRows.map((row) => ({
          source: row.referrer,
          views: count(row.views),
          visitors: count(row.visitors),
        })),
        campaigns: campaignRows.map((row) => ({
          utmSource: row.utm_source,
          utmCampaign: row.utm_campaign,
          views: count(row.views),
          visitors: count(row.visitors),
        })),
      };
    },
  };
}
