import type { DashboardPeriod } from '../../common/dashboard-domain.ts';

export type { DashboardPeriod } from '../../common/dashboard-domain.ts';

/** [start, end) in UTC: start counts, end does not. */
export interface UtcRange {
  start: Date;
  end: Date;
}

export interface PeriodBounds {
  current: UtcRange;
  /** The period of the same length just before, for "up 17% on the 30 before". */
  previous: UtcRange;
}

/** A calendar date (no zone), as a UTC midnight, so that days and months add without offsets. */
type CalendarDate = Date;

/**
 * Formatters by time zone, made once: making an Intl.DateTimeFormat costs about as much as a query
 * (a dashboard answer needs some 40 dates: 25 ms when each made its own), using one costs microseconds.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in the zone at that instant, as if it were UTC (to the second). */
function wallClock(at: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The calendar date in the time zone at that instant. */
export function localDate(at: Date, timeZone: string): CalendarDate {
  const wall = new Date(wallClock(at.getTime(), timeZone));
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
}

/** "2026-11-23" */
export function formatDate(date: CalendarDate): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The instant the calendar date's first minute starts in the time zone (as localTimeToUtc of
 * newsletter/local-time.ts: the offset is taken at the result, so a daylight-saving change is exact).
 */
export function localMidnight(date: CalendarDate, timeZone: string): Date {
  const wall = date.getTime();
  const offset = (at: number) => wallClock(at, timeZone) - Math.floor(at / 1000) * 1000;
  const first = wall - offset(wall);
  return new Date(wall - offset(first));
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

function addMonths(date: CalendarDate, months: number): CalendarDate {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

/** The Monday (ISO week start, as in India and Europe) of the local week holding the date. */
export function weekStart(date: CalendarDate): CalendarDate {
  return addDays(date, -((date.getUTCDay() + 6) % 7));
}

/**
 * The current and the previous period as UTC instants, aligned to the time zone's calendar:
 *   - 7d / 30d: the last 7 (30) local days, today included: from local midnight 6 (29) days ago to
 *     the local midnight that ends today;
 *   - 12w: the last 12 local weeks (Monday to Sunday), this week included;
 *   - 12m: the last 12 calendar months, this month included.
 * Whole days, weeks and months (not "now minus 7 × 24 h") so that a figure does not change with the
 * hour it is looked at, and buckets line up with what staff call "this week". The current period
 * therefore ends in the future (the rest of today, this week, this month), where no lead is yet; its
 * previous period is the whole one before it. Days are calendar days, so a daylight-saving change
 * makes one 23 or 25 hours long rather than moving every boundary by an hour.
 */
export function periodBounds(period: DashboardPeriod, now: Date, timeZone: string): PeriodBounds {
  const today = localDate(now, timeZone);
  let currentStart: CalendarDate;
  let currentEnd: CalendarDate;
  let previousStart: CalendarDate;
  switch (period) {
    case '7d':
    case '30d': {
      const days = period === '7d' ? 7 : 30;
      currentEnd = addDays(today, 1);
      currentStart = addDays(currentEnd, -days);
      previousStart = addDays(currentStart, -days);
      break;
    }
    case '12w':
      currentEnd = addDays(weekStart(today), 7);
      currentStart = addDays(currentEnd, -7 * 12);
      previousStart = addDays(currentStart, -7 * 12);
      break;
    case '12m': {
      const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
      currentEnd = addMonths(month, 1);
      currentStart = addMonths(currentEnd, -12);
      previousStart = addMonths(currentStart, -12);
      break;
    }
  }
  const at = (date: CalendarDate) => localMidnight(date, timeZone);
  return {
    current: { start: at(currentStart), end: at(currentEnd) },
    previous: { start: at(previousStart), end: at(currentStart) },
  };
}
