import type { Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import './lead-count-tables.ts';
import { addDays, localDate, localMidnight } from '../time/zoned-time.ts';
import { weekStart } from '../time/period-bounds.ts';
import { countEdges } from './lead-groups.ts';
import { rangeParts } from '../time/range-parts.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/** Weeks in the "leads per week" chart, this week included. */
const WEEKS_SHOWN = 12;

export interface WeekCount {
  /** The local Monday the week starts on, e.g. "2026-11-23". */
  weekStart: string;
  count: number;
}

/** The last WEEKS_SHOWN local weeks, oldest first: each one's Monday and its whole UTC days and edge hours. */
function lastWeeks(now: Date, timeZone: string) {
  const first = addDays(weekStart(localDate(now, timeZone)), -7 * (WEEKS_SHOWN - 1));
  return Array.from({ length: WEEKS_SHOWN }, (_, i) => {
    const start = addDays(first, 7 * i);
    const range = { start: localMidnight(start, timeZone), end: localMidnight(addDays(start, 7), timeZone) };
    return { weekStart: start, parts: rangeParts(range, { withMonths: false }) };
  });
}

/** lead_counts' leads of each UTC day from `from` to `to` (buckets, end excluded). */
async function perDay(db: Kysely<Database>, from: string, to: string): Promise<Map<string, number>> {
  const rows = await tablesOf<LeadTables>(db)
    .selectFrom('lead_counts')
    .select((eb) => ['bucket', eb.fn.sum<number | string>('leads').as('count')])
    .where('span', '=', 'day')
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .groupBy('bucket')
    .execute();
  return new Map(rows.map((row) => [row.bucket, Number(row.count)]));
}

/**
 * Leads per local week (Monday to Sunday in the time zone) for the last 12 weeks, oldest first; the
 * last is this week, the one before it the previous week. The week boundaries are local midnights
 * as UTC instants, so half-hour zones such as Asia/Kolkata (+05:30) are exact: each week is its
 * whole UTC days (one sum per day from lead_counts, about 84 rows) and the hours at its ends,
 * counted from the leads in one statement of a count per edge.
 */
export async function leadsPerWeek(db: Kysely<Database>, now: Date, timeZone: string): Promise<WeekCount[]> {
  const weeks = lastWeeks(now, timeZone);
  const days = weeks.flatMap((week) => week.parts.days);
  const edges = weeks.flatMap((week) => week.parts.edges);
  const [byDay, edgeCounts] = await Promise.all([
    days.length === 0 ? new Map<string, number>() : perDay(db, days[0]?.from ?? '', days.at(-1)?.to ?? ''),
    countEdges(db, edges),
  ]);
  const byEdge = new Map(edges.map((edge, i) => [edge, edgeCounts[i] ?? 0]));
  return weeks.map(({ weekStart, parts }) => {
    let count = parts.edges.reduce((sum, edge) => sum + (byEdge.get(edge) ?? 0), 0);
    for (const { from, to } of parts.days) {
      for (const [day, leads] of byDay) if (day >= from && day < to) count += leads;
    }
    return { weekStart, count };
  });
}
