import { sql } from 'kysely';
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-domain.ts';
import type { Storage } from '../db/database.ts';
import { addDays, formatDate, localDate, localMidnight, weekStart, type UtcRange } from './period-bounds.ts';

/** Weeks in the "leads per week" chart, this week included. */
export const WEEKS_SHOWN = 12;

export interface WeekCount {
  /** The local Monday the week starts on, e.g. "2026-11-23". */
  weekStart: string;
  count: number;
}

export interface SourcePageCount {
  sourcePage: string;
  count: number;
}

export interface StatusFunnel {
  counts: Record<LeadStatus, number>;
  total: number;
  /** won ÷ (won + lost); null when no lead of the period is closed yet (the page shows "—", not 0%). */
  winRate: number | null;
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
 * which differ between SQLite and PostgreSQL, is needed.
 */
export function createLeadFigures(storage: Pick<Storage, 'db' | 'dialect'>) {
  const { db } = storage;

  const leadsIn = (range: UtcRange) =>
    db
      .selectFrom('quote_requests')
      .where('spam', '=', 0)
      .where('created_at', '>=', range.start.toISOString())
      .where('created_at', '<', range.end.toISOString());

  return {
    /**
     * Leads per local week (Monday to Sunday in the time zone) for the last 12 weeks, oldest first; the
     * last is this week, the one before it the previous week. Counted in SQL, one sum per week over the
     * 12 weeks' rows (the created_at index): the week boundaries are local midnights as UTC instants, so
     * half-hour zones such as Asia/Kolkata (+05:30) are exact, where grouping by UTC hour would not be,
     * and one row comes back instead of a row per lead (about 23,000 of 100,000 leads a year).
     */
    async perWeek(now: Date, timeZone: string): Promise<WeekCount[]> {
      const first = addDays(weekStart(localDate(now, timeZone)), -7 * (WEEKS_SHOWN - 1));
      const weeks = Array.from({ length: WEEKS_SHOWN }, (_, i) => addDays(first, 7 * i));
      const bounds = [...weeks, addDays(first, 7 * WEEKS_SHOWN)].map((week) =>
        localMidnight(week, timeZone).toISOString(),
      );
      const sums = weeks.map((_, i) =>
        sql<number>`sum(case when created_at >= ${bounds[i]} and created_at < ${bounds[i + 1]} then 1 else 0 end)`.as(
          `w${i}`,
        ),
      );
      const row = (await leadsIn({ start: new Date(bounds[0] ?? ''), end: new Date(bounds.at(-1) ?? '') })
        .select(sums)
        .executeTakeFirst()) as Record<string, number | string | null> | undefined;
      return weeks.map((week, i) => ({ weekStart: formatDate(week), count: Number(row?.[`w${i}`] ?? 0) }));
    },

    /** Leads of the range by the page they were sent from, most first (then by path, for a stable order). */
    async bySourcePage(range: UtcRange): Promise<SourcePageCount[]> {
      const rows = await leadsIn(range)
        .select(['source_page', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('source_page')
        .orderBy('count', 'desc')
        .orderBy('source_page')
        .execute();
      return rows.map((row) => ({ sourcePage: row.source_page, count: Number(row.count) }));
    },

    /** Of the leads that arrived in the range, how many are in each status now, and the win rate. */
    async funnel(range: UtcRange): Promise<StatusFunnel> {
      const rows = await leadsIn(range)
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute();
      const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<
        LeadStatus,
        number
      >;
      for (const row of rows) counts[row.status] = Number(row.count);
      const closed = counts.won + counts.lost;
      return {
        counts,
        total: LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0),
        winRate: closed === 0 ? null : counts.won / closed,
      };
    },

    /**
     * Time to first contact of the leads that arrived in the range: from created_at to the lead's first
     * status change or note by a person (actor not null; the system's deliveries and retries are not an
     * answer). The database computes each lead's time in milliseconds; the percentiles are taken here,
     * as SQLite has no percentile function.
     */
    async firstContact(range: UtcRange): Promise<FirstContact> {
      const rows = await leadsIn(range)
        .select((eb) =>
          eb
            .selectFrom('lead_events')
            .whereRef('lead_events.quote_request_id', '=', 'quote_requests.id')
            .where('lead_events.actor', 'is not', null)
            .where('lead_events.kind', 'in', ['status', 'note'])
            .select((inner) => inner.fn.min('lead_events.at').as('first'))
            .as('first_at'),
        )
        .select('created_at')
        .execute();
      const times: number[] = [];
      let waiting = 0;
      for (const row of rows) {
        if (row.first_at == null) waiting += 1;
        else times.push(Date.parse(row.first_at) - Date.parse(row.created_at));
      }
      times.sort((a, b) => a - b);
      return {
        medianMs: percentile(times, 0.5),
        p90Ms: percentile(times, 0.9),
        contacted: times.length,
        waiting,
      };
    },
  };
}

export type LeadFigures = ReturnType<typeof createLeadFigures>;
