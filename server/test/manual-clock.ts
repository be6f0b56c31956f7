/** A clock the test moves by hand, for the app's `now` option (link expiry, daily caps). */
export function manualClock(start = '2026-03-02T09:00:00.000Z') {
  let time = new Date(start).getTime();
  return {
    now: () => new Date(time),
    advance: (ms: number) => void (time += ms),
  };
}

export const HOUR_MS = 60 * 60 * 1000;
