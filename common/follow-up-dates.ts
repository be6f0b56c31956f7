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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*/i;

/** A month by its name or its first three letters ("Nov", "November", "Sept"); undefined otherwise. */
function monthOf(word: string): number | undefined {
  const at = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
  return at >= 0 && /^[a-z]+\.?$/i.test(word) ? at + 1 : undefined;
}

/** "YYYY-MM-DD" of the parts, the year given or else the first such day on or after today. */
function dayFrom(day: number, month: number, year: number | undefined, today: string): string | undefined {
  const pad = (n: number) => String(n).padStart(2, '0');
  const of = (y: number) => `${y}-${pad(month)}-${pad(day)}`;
  const thisYear = Number(today.slice(0, 4));
  const date = year !== undefined ? of(year < 100 ? 2000 + year : year) : of(thisYear);
  if (year === undefined && date < today)
    return isCalendarDate(of(thisYear + 1)) ? of(thisYear + 1) : undefined;
  return isCalendarDate(date) ? date : undefined;
}

/**
 * A day as staff type it, day first as the inbox writes dates: "30 Nov", "Mon 30 Nov 2026",
 * "30 November", "Nov 30", "30/11", "30/11/2026" or "2026-11-30". Without a year, the first such day
 * from today on. Undefined when it is no day ("31 Nov", "soon").
 */
export function parseFollowUpDay(text: string, today: string): string | undefined {
  const typed = text.trim().replace(WEEKDAY, '').replace(/,/g, ' ').replace(/\s+/g, ' ');
  if (isCalendarDate(typed)) return typed;
  const numeric = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(typed);
  if (numeric) {
    const [, day = '', month = '', year] = numeric;
    return dayFrom(Number(day), Number(month), year === undefined ? undefined : Number(year), today);
  }
  const words = typed.split(' ');
  const [first = '', second = '', third, ...rest] = words;
  if (rest.length > 0 || (third !== undefined && !/^\d{4}$/.test(third))) return undefined;
  const year = third === undefined ? undefined : Number(third);
  const dayFirst = /^\d{1,2}$/.test(first) ? monthOf(second) : undefined;
  if (dayFirst) return dayFrom(Number(first), dayFirst, year, today);
  const monthFirst = /^\d{1,2}$/.test(second) ? monthOf(first) : undefined;
  return monthFirst ? dayFrom(Number(second), monthFirst, year, today) : undefined;
}
