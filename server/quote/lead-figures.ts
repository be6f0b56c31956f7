import { sql } from 'kysely';
import type { SourcePageCount } from '../../common/dashboard-domain.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-domain.ts';
import type { Storage } from '../db/database.ts';
import './lead-count-tables.ts';
import { addDays, localDate, localMidnight } from '../time/zoned-time.ts';
import { isLong, weekStart, type UtcRange } from '../time/period-bounds.ts';
import { type BucketRange, rangeParts } from './range-parts.ts';

/** The time to first contact's percentiles: the median and the 90th. */
const PERCENTILES = [0.5, 0.9] as const;

/** Weeks in the "leads per week" chart, this week included. */
const WEEKS_SHOWN = 12;

export interface WeekCount {
  /** The local Monday the week starts on, e.g. "2026-11-23". */
  weekStart: string;
  count: number;
}

export interface StatusFunnel {
  counts: Record<LeadStatus, number>;
  total: number;
  /** won ÷ (won + lost); null when no lead of the period is closed yet (the page shows "—", not 0%). */
  winRate: number | null;
}

interface GroupRow {
  status: LeadStatus;
  source_page: string;
  count: number | string;
  contacted: number | string;
}

/** What the dashboard shows of a period's leads, from one grouped query. */
export interface PeriodLeads {
  bySourcePage: SourcePageCount[];
  funnel: StatusFunnel;
  firstContact: FirstContact;
}

export interface FirstContact {
  /** Milliseconds from arrival to the first status change or note by a person; null when none has one. */
  medianMs: number | null;
  p90Ms: number | null;
  /** Leads of the period that a person has answered (status change or note). */
  contacted: number;
  /** Leads of the period that no person has touched yet. */
  waiting: number;
}

/**
 * The nearest-rank percentile (the smallest value with at least p of them at or below it): always a
 * time that really happened, and easy to check by hand. The median of an even count is the lower of
 * the two middle values.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

/**
 * The dashboard's lead figures, counted in SQL on either dialect. Spam is never counted. Times are
 * compared as ISO 8601 UTC text (how created_at and at are stored, which sorts as time), so a range's
 * bounds are the UTC instants of local midnights (period-bounds.ts) and no SQL time-zone function,
 * which differ between SQLite and PostgreSQL, is needed. Counts come from lead_counts (the leads counted
 * ahead by UTC day and month, lead-count-migrations.ts) and, for the hours of a period outside whole
 * UTC days, from the leads (range-parts.ts); the percentiles from the leads' stored first_contact_ms.
 */
export function createLeadFigures(storage: Pick<Storage, 'db' | 'dialect' | 'tableByIndex'>) {
  const { db } = storage;

  /** The leads of a range by status and page, from lead_counts' whole months and days and the leads at its ends. */
  async function grouped(range: UtcRange): Promise<GroupRow[]> {
    const parts = rangeParts(range);
    const counted = (span: 'day' | 'month', buckets: BucketRange) =>
      db
        .selectFrom('lead_counts')
        .select((eb) => [
          'status',
          'source_page',
          eb.fn.sum<number | string>('leads').as('count'),
          eb.fn.sum<number | string>('contacted').as('contacted'),
        ])
        .where('span', '=', span)
        .where('bucket', '>=', buckets.from)
        .where('bucket', '<', buckets.to)
        .groupBy(['status', 'source_page'])
        .execute() as Promise<GroupRow[]>;
    // The hours at either end: a few hundred leads at most, read by date from the index that holds them.
    const live = async (edge: UtcRange) => {
      const from = storage.tableByIndex('quote_requests', 'quote_requests_dashboard');
      const { rows } = await sql<GroupRow>`select status, source_page, count(*) as count,
          count(first_contact_ms) as contacted
        from ${from}
        where spam = 0 and created_at >= ${edge.start.toISOString()} and created_at < ${edge.end.toISOString()}
        group by status, source_page`.execute(db);
      return rows;
    };
    const all = await Promise.all([
      ...(parts.months ? [counted('month', parts.months)] : []),
      ...parts.days.map((days) => counted('day', days)),
      ...parts.edges.map(live),
    ]);
    return all.flat();
  }

  const figures = {
    /**
     * Leads per local week (Monday to Sunday in the time zone) for the last 12 weeks, oldest first; the
     * last is this week, the one before it the previous week. The week boundaries are local midnights
     * as UTC instants, so half-hour zones such as Asia/Kolkata (+05:30) are exact: each week is its
     * whole UTC days (one sum per day from lead_counts, about 84 rows) and the hours at its ends,
     * counted from the leads in one statement of a count per edge.
     */
    async perWeek(now: Date, timeZone: string): Promise<WeekCount[]> {
      const first = addDays(weekStart(localDate(now, timeZone)), -7 * (WEEKS_SHOWN - 1));
      const weeks = Array.from({ length: WEEKS_SHOWN }, (_, i) => {
        const start = addDays(first, 7 * i);
        const range = {
          start: localMidnight(start, timeZone),
          end: localMidnight(addDays(start, 7), timeZone),
        };
        return { weekStart: start, parts: rangeParts(range, { withMonths: false }) };
      });
      const days = weeks.flatMap((week) => week.parts.days);
      const edges = weeks.flatMap((week) => week.parts.edges);
      const [perDay, edgeCounts] = await Promise.all([
        days.length === 0
          ? []
          : db
              .selectFrom('lead_counts')
              .select((eb) => ['bucket', eb.fn.sum<number | string>('leads').as('count')])
              .where('span', '=', 'day')
              .where('bucket', '>=', days[0]?.from ?? '')
              .where('bucket', '<', days.at(-1)?.to ?? '')
              .groupBy('bucket')
              .execute(),
        countEdges(edges),
      ]);
      const byDay = new Map(perDay.map((row) => [row.bucket, Number(row.count)]));
      const byEdge = new Map(edges.map((edge, i) => [edge, edgeCounts[i] ?? 0]));
      return weeks.map(({ weekStart, parts }) => {
        let count = parts.edges.reduce((sum, edge) => sum + (byEdge.get(edge) ?? 0), 0);
        for (const { from, to } of parts.days) {
          for (const [day, leads] of byDay) if (day >= from && day < to) count += leads;
        }
        return { weekStart, count };
      });
    },

    /** Leads (never spam) that arrived in the range: the previous period's total. */
    async total(range: UtcRange): Promise<number> {
      return (await grouped(range)).reduce((sum, row) => sum + Number(row.count), 0);
    },

    /**
     * The leads of the range by page, by status, and how many a person has answered (lead_counts and the
     * leads at the range's ends), then the time to first contact's percentiles. This is what the
     * dashboard asks for a period.
     */
    async ofPeriod(range: UtcRange): Promise<PeriodLeads> {
      // PostgreSQL's percentiles need not know how many were answered: started at once, on a second
      // connection of the pool, they overlap the counts. SQLite's need the count (their offsets).
      const early =
        storage.dialect === 'postgres' ? contactPercentiles(range, undefined, PERCENTILES) : undefined;
      // Should the counts fail first, this one's failure is not left unhandled (it is awaited below).
      early?.catch(() => undefined);
      const rows = await grouped(range);
      const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<
        LeadStatus,
        number
      >;
      const pages = new Map<string, number>();
      let contacted = 0;
      for (const row of rows) {
        const count = Number(row.count);
        counts[row.status] += count;
        pages.set(row.source_page, (pages.get(row.source_page) ?? 0) + count);
        contacted += Number(row.contacted);
      }
      const total = LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0);
      const closed = counts.won + counts.lost;
      const [medianMs, p90Ms] = await (early ?? contactPercentiles(range, contacted, PERCENTILES));
      return {
        // A page whose leads have all moved on (deleted, marked spam) keeps rows at 0 in lead_counts.
        bySourcePage: [...pages]
          .filter(([, count]) => count > 0)
          .map(([sourcePage, count]) => ({ sourcePage, count }))
          .sort((a, b) => b.count - a.count || compareText(a.sourcePage, b.sourcePage)),
        funnel: { counts, total, winRate: closed === 0 ? null : counts.won / closed },
        firstContact: {
          medianMs: medianMs ?? null,
          p90Ms: p90Ms ?? null,
          contacted,
          waiting: total - contacted,
        },
      };
    },

    /** Leads of the range by the page they were sent from, most first (then by path, for a stable order). */
    async bySourcePage(range: UtcRange): Promise<SourcePageCount[]> {
      return (await figures.ofPeriod(range)).bySourcePage;
    },

    /** Of the leads that arrived in the range, how many are in each status now, and the win rate. */
    async funnel(range: UtcRange): Promise<StatusFunnel> {
      return (await figures.ofPeriod(range)).funnel;
    },

    /**
     * Time to first contact of the leads that arrived in the range: from created_at to the lead's first
     * status change or note by a person (actor not null; the system's deliveries and retries are not an
     * answer), as stored in first_contact_ms when it happened (lead-events.ts).
     */
    async firstContact(range: UtcRange): Promise<FirstContact> {
      return (await figures.ofPeriod(range)).firstContact;
    },
  };

  /** The leads (not spam) of each range, in one statement: a count per range over the created_at index. */
  async function countEdges(edges: readonly UtcRange[]): Promise<number[]> {
    if (edges.length === 0) return [];
    const counts = edges.map((edge, i) =>
      sql<number>`(select count(*) from quote_requests where spam = 0
          and created_at >= ${edge.start.toISOString()} and created_at < ${edge.end.toISOString()})`.as(
        `e${i}`,
      ),
    );
    const { rows } = await sql<Record<string, number | string | null>>`select ${sql.join(counts)}`.execute(
      db,
    );
    return edges.map((_, i) => Number(rows[0]?.[`e${i}`] ?? 0));
  }

  /**
   * The nearest-rank percentiles of the range's answered leads' first_contact_ms (percentile() above):
   * the k-th smallest, k = ceil(p × n), read by the database (on SQLite ORDER BY … LIMIT 1 OFFSET k − 1
   * along an index; on PostgreSQL percentile_disc, the same rank) so that
   * a year of leads is never sent here to be sorted.
   */
  async function contactPercentiles(range: UtcRange, contacted: number | undefined, ps: readonly number[]) {
    if (contacted === 0) return ps.map(() => null);
    if (storage.dialect === 'postgres') {
      // PostgreSQL's percentile_disc is the nearest rank, all of them from one sort of the period's times.
      const { rows } = await sql<{ ps: (number | string | null)[] | null }>`select
          percentile_disc(${sql.raw(`array[${ps.map(Number).join(', ')}]::float8[]`)})
            within group (order by first_contact_ms) as ps
        from quote_requests
        where spam = 0 and first_contact_ms is not null
          and created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}`.execute(
        db,
      );
      return ps.map((_, i) => {
        const value = rows[0]?.ps?.[i];
        return value == null ? null : Number(value);
      });
    }
    const answered = contacted ?? 0;
    return Promise.all(
      ps.map(async (p) => {
        const from = storage.tableByIndex(
          'quote_requests',
          isLong(range) ? 'quote_requests_first_contact' : 'quote_requests_dashboard',
        );
        const { rows } = await sql<{ first_contact_ms: number | string | null }>`select first_contact_ms
          from ${from}
          where spam = 0 and first_contact_ms is not null
            and created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}
          order by first_contact_ms limit 1 offset ${Math.max(0, Math.ceil(p * answered) - 1)}`.execute(db);
        const row = rows[0];
        return row?.first_contact_ms == null ? null : Number(row.first_contact_ms);
      }),
    );
  }

  return figures;
}

/** Paths sort the same on both databases (PostgreSQL's collation is not SQLite's byte order). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
