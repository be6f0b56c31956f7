/**
 * How the dashboard writes its figures: numbers as staff in India read them (en-IN), a change on the
 * period before in words, a duration the way people say it, a day or week by its date.
 */
import { DASHBOARD_PERIOD_LABELS, type DashboardPeriod } from '../../../../common/dashboard-domain';
import { countOf } from '../format';

export const formatNumber = (value: number) => value.toLocaleString('en-IN');

/** 0.1666 → "17%"; null (nothing to divide by) → "—". */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${(rate * 100).toLocaleString('en-IN', { maximumFractionDigits: rate < 0.1 ? 1 : 0 })}%`;
}

/** "the last 30 days". */
export const inTheLast = (period: DashboardPeriod) => `in the last ${DASHBOARD_PERIOD_LABELS[period]}`;

/** The number of the period's label: "the 30 before" for 30 days, "the 12 before" for 12 weeks. */
const theBefore = (period: DashboardPeriod) => `the ${DASHBOARD_PERIOD_LABELS[period].split(' ')[0]} before`;

/**
 * A figure against the same figure in the period before: "up 17% on the 30 before", "down 5% on the 7
 * before", "the same as the 30 before", "down from 6 in the 12 before" when it fell to none, or "none in
 * the 30 before" when there was nothing to compare with.
 */
export function changeOn(current: number, previous: number, period: DashboardPeriod): string {
  if (previous === 0)
    return current === 0 ? `and none in ${theBefore(period)}` : `none in ${theBefore(period)}`;
  if (current === previous) return `the same as ${theBefore(period)}`;
  if (current === 0) return `down from ${formatNumber(previous)} in ${theBefore(period)}`;
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return `${current > previous ? 'up' : 'down'} ${formatNumber(percent)}% on ${theBefore(period)}`;
}

/** "42 leads in the last 30 days, up 17% on the 30 before." */
export function leadsSummary(total: number, previous: number, period: DashboardPeriod): string {
  const count = total === 0 ? 'No leads' : countOf(total, 'lead');
  return `${count} ${inTheLast(period)}, ${changeOn(total, previous, period)}.`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration as people say it: "under a minute", "25 min", "2 h 15 min", "1 day 3 h", "12 days". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < MINUTE) return 'under a minute';
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.round((ms - hours * HOUR) / MINUTE);
    if (minutes === 60) return `${hours + 1} h`;
    return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
  }
  const days = Math.floor(ms / DAY);
  const hours = Math.round((ms - days * DAY) / HOUR);
  const dayWords = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
  if (days >= 7 || hours === 0) return dayWords(hours >= 12 && days >= 7 ? days + 1 : days);
  if (hours === 24) return dayWords(days + 1);
  return `${dayWords(days)} ${hours} h`;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });

/** A local date "2026-11-23" (already in the company's time zone) as "23 Nov". */
export const formatDay = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));
/** …and in full, for the tables: "Mon, 23 Nov 2026". */
export function formatLongDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${weekdayFormat.format(date)}, ${fullDateFormat.format(date)}`;
}
