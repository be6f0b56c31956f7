/**
 * The local day of a visit ("YYYY-MM-DD" in ADMIN_TIME_ZONE) and when it ends. Kept here (the dashboard
 * has its own, server/dashboard/period-bounds.ts): a feature imports no other feature.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The local date of the instant in the zone, "YYYY-MM-DD". */
export function localDay(at: Date, timeZone: string): string {
  return dayFormat(timeZone).format(at);
}

/**
 * The first instant (ms) whose local day is after `at`'s: found by stepping an hour at a time, then a
 * minute at a time (time zones change on whole minutes), so daylight-saving days are right too.
 */
export function dayEndMs(at: Date, timeZone: string): number {
  const day = localDay(at, timeZone);
  const HOUR = 3_600_000;
  const MINUTE = 60_000;
  let time = Math.floor(at.getTime() / MINUTE) * MINUTE;
  while (localDay(new Date(time + HOUR), timeZone) === day) time += HOUR;
  while (localDay(new Date(time + MINUTE), timeZone) === day) time += MINUTE;
  return time + MINUTE;
}

/** A cache of the current day: the hot path formats a date once a day, not once per view. */
export function dayClock(timeZone: string, now: () => Date) {
  let day = '';
  let endsAt = -Infinity;
  return {
    /** Today's local date, and when it ends (ms). */
    today(): { day: string; endsAt: number } {
      const at = now();
      if (at.getTime() >= endsAt || at.getTime() < endsAt - 26 * 3_600_000) {
        day = localDay(at, timeZone);
        endsAt = dayEndMs(at, timeZone);
      }
      return { day, endsAt };
    },
  };
}
