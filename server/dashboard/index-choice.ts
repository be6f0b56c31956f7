import type { UtcRange } from './period-bounds.ts';

/** Longer than a month: the 12-week and 12-month periods, which hold most of the rows. */
const LONG_MS = 32 * 24 * 60 * 60_000;

export function isLong(range: UtcRange): boolean {
  return range.end.getTime() - range.start.getTime() > LONG_MS;
}
