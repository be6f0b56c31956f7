/**
 * A lead's follow-up is a calendar date ("YYYY-MM-DD") in the inbox's time zone (ADMIN_TIME_ZONE). The
 * lead's page offers quick choices from today's date there (the server says which day it is), and both
 * sides write a date the same way: "Tue 1 Dec" (with the year when it is not this year's).
 * Constants and pure functions only, so any side may import it.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcOf(date: string): Date {
  const [, year = '0', month = '1', day = '1'] = DATE.exec(date) ?? [];
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

/** Whether the text is a real calendar date ("2026-02-30" is not). */
export function isCalendarDate(text: string): boolean {
  return DATE.test(text) && utcOf(text).toISOString().slice(0, 10) === text;
}

/** The date `days` after `date` (both "YYYY-MM-DD"). */
function dateAfter(date: string, days: number): string {
  const utc = utcOf(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/**
 * The quick choices of the lead's page, from today: tomorrow, in 3 days, and next week, which is next
 * Monday (the start of the next week; on a Sunday that is tomorrow).
 */
export function followUpChoices(today: string): { label: string; date: string }[] {
  const weekday = utcOf(today).getUTCDay(); // 0 Sunday … 6 Saturday
  const toMonday = (8 - weekday) % 7 || 7;
  return [
    { label: 'Tomorrow', date: dateAfter(today, 1) },
    { label: 'In 3 days', date: dateAfter(today, 3) },
    { label: 'Next week', date: dateAfter(today, toMonday) },
  ];
}

const withoutYear = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const withYear = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Tue 1 Dec", or "Tue 1 Dec 2027" when the date is not in today's year. */
export function followUpLabel(date: string, today: string): string {
  const format = date.slice(0, 4) === today.slice(0, 4) ? withoutYear : withYear;
  return format.format(utcOf(date)).replace(',', '');
}
