/**
 * Local time in a time zone (ADMIN_TIME_ZONE): wall-clock times, calendar dates and their midnights,
 * for the newsletter's scheduled sends, the dashboard's periods and the visits' days. One formatter
 * per zone, made once: making an Intl.DateTimeFormat costs about as much as a database query, using one
 * a few microseconds (a dashboard answer needs some 40 dates).
 */

declare const calendarDate: unique symbol;

/**
 * A calendar date, "2026-11-23": a day of the calendar with no zone and no time, never an instant (the
 * compiler tells a CalendarDate from a Date). localMidnight() gives the instant it starts in a zone.
 */
export type CalendarDate = string & { readonly [calendarDate]: true };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date a "YYYY-MM-DD" names; throws on any other text. */
export function calendarDateOf(text: string): CalendarDate {
  if (!DATE.test(text)) throw new Error(`Not a calendar date: ${text}`);
  return text as CalendarDate;
}

/** The date as a UTC midnight's ms, so that days and months add without offsets. */
function utcMidnightOf(date: CalendarDate): number {
  const [, year = '0', month = '1', day = '1'] = DATE.exec(date) ?? [];
  return Date.UTC(Number(year), Number(month) - 1, Number(day));
}

/** The date of year, month (0-based, may overflow) and day (may overflow), as Date.UTC counts them. */
function dateOfParts(year: number, month: number, day: number): CalendarDate {
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10) as CalendarDate;
}

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

/** The wall-clock time in the zone at that instant, as if it were UTC (to the second), in ms. */
function wallClock(at: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/**
 * The instant of a wall-clock time (ms, as if UTC) in the zone. Around a daylight-saving change the
 * offset is taken at the result, so a time that exists is exact; one skipped by the change lands just
 * after it.
 */
function wallToUtc(wall: number, timeZone: string): Date {
  const offset = (at: number) => wallClock(at, timeZone) - Math.floor(at / 1000) * 1000;
  const first = wall - offset(wall);
  return new Date(wall - offset(first));
}

/**
 * The instant of a wall-clock time ("2026-12-01T09:30", as <input type="datetime-local"> gives it) in
 * a time zone (ADMIN_TIME_ZONE).
 */
export function localTimeToUtc(local: string, timeZone: string): Date {
  const [date = '', time = ''] = local.split('T');
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return wallToUtc(Date.UTC(year, month - 1, day, hour, minute), timeZone);
}

/** The calendar date in the time zone at that instant. */
export function localDate(at: Date, timeZone: string): CalendarDate {
  const wall = new Date(wallClock(at.getTime(), timeZone));
  return dateOfParts(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
}

/** The local date of the instant in the zone, "YYYY-MM-DD". */
export function localDay(at: Date, timeZone: string): string {
  return localDate(at, timeZone);
}

/** The instant the calendar date's first minute starts in the time zone. */
export function localMidnight(date: CalendarDate, timeZone: string): Date {
  return wallToUtc(utcMidnightOf(date), timeZone);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = new Date(utcMidnightOf(date));
  return dateOfParts(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate() + days);
}

export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const utc = new Date(utcMidnightOf(date));
  return dateOfParts(utc.getUTCFullYear(), utc.getUTCMonth() + months, utc.getUTCDate());
}

/** The first day of the date's month. */
export function monthStart(date: CalendarDate): CalendarDate {
  return calendarDateOf(`${date.slice(0, 8)}01`);
}

/** The day of the week, 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return new Date(utcMidnightOf(date)).getUTCDay();
}
