import type { DashboardPeriod } from '../../common/dashboard-domain.ts';
import {
  addDays,
  addMonths,
  type CalendarDate,
  dayOfWeek,
  localDate,
  localMidnight,
  monthStart,
} from './zoned-time.ts';

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

/** The Monday (ISO week start, as in India and Europe) of the local week holding the date. */
export function weekStart(date: CalendarDate): CalendarDate {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
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
      const month = monthStart(today);
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

/** Longer than a month: the 12-week and 12-month periods, which hold most of the rows. */
const LONG_MS = 32 * 24 * 60 * 60_000;

/** Whether the range is a long one (a query then reads most of a table, by a different index). */
export function isLong(range: UtcRange): boolean {
  return range.end.getTime() - range.start.getTime() > LONG_MS;
}
