import type { UtcRange } from './period-bounds.ts';

/** [from, to) of lead_counts' buckets: "2026-11-27" for days, "2026-11" for months. */
export interface BucketRange {
  from: string;
  to: string;
}

/**
 * Where a range's leads are counted. A dashboard period runs from local midnight to local midnight,
 * which in most zones falls inside a UTC day (18:30Z in Asia/Kolkata): the whole UTC months and days
 * inside it are read from lead_counts, and the hours before the first UTC midnight and after the last
 * (the edges) from the leads themselves. Together they are the range, exactly: no lead is counted
 * twice or left out, whatever the zone.
 */
export interface RangeParts {
  months: BucketRange | null;
  /** The whole days before the first whole month and after the last (all of them, if no month is whole). */
  days: BucketRange[];
  edges: UtcRange[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

function ceilDay(at: Date): Date {
  const floor = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  return new Date(floor === at.getTime() ? floor : floor + DAY_MS);
}

const floorDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** The first UTC midnight that starts a month, at or after a UTC midnight. */
function ceilMonth(day: Date): Date {
  return day.getUTCDate() === 1 ? day : new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
}

const floorMonth = (day: Date) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));

/** `withMonths: false` gives whole days only (for a sum per day, such as leads per week). */
export function rangeParts(range: UtcRange, { withMonths = true } = {}): RangeParts {
  const firstDay = ceilDay(range.start);
  const endDay = floorDay(range.end);
  if (firstDay >= endDay) {
    return { months: null, days: [], edges: range.start < range.end ? [range] : [] };
  }
  const edges = [
    ...(range.start < firstDay ? [{ start: range.start, end: firstDay }] : []),
    ...(endDay < range.end ? [{ start: endDay, end: range.end }] : []),
  ];
  const firstMonth = ceilMonth(firstDay);
  const endMonth = floorMonth(endDay);
  if (!withMonths || firstMonth >= endMonth) {
    return { months: null, days: [{ from: dayOf(firstDay), to: dayOf(endDay) }], edges };
  }
  const days = [
    ...(firstDay < firstMonth ? [{ from: dayOf(firstDay), to: dayOf(firstMonth) }] : []),
    ...(endMonth < endDay ? [{ from: dayOf(endMonth), to: dayOf(endDay) }] : []),
  ];
  return { months: { from: monthOf(firstMonth), to: monthOf(endMonth) }, days, edges };
}
