/**
 * The local day of a visit ("YYYY-MM-DD" in ADMIN_TIME_ZONE) and when it ends, from the core's zoned
 * time (server/time/zoned-time.ts), which the dashboard's periods use too: a visit and a lead of the
 * same instant fall on the same day.
 */
import { addDays, localDate, localDay, localMidnight } from '../time/zoned-time.ts';

export { localDay };

/** The first instant (ms) whose local day is after `at`'s: the next local midnight (a DST day is 23 or 25 h). */
export function dayEndMs(at: Date, timeZone: string): number {
  return localMidnight(addDays(localDate(at, timeZone), 1), timeZone).getTime();
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
