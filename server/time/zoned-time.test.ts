import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  type CalendarDate,
  calendarDateOf,
  localDate,
  localMidnight,
  localTimeToUtc,
} from './zoned-time.ts';

describe('a scheduled time in the inbox time zone', () => {
  it('is the same instant a person there means', () => {
    expect(localTimeToUtc('2026-12-01T09:30', 'Asia/Kolkata').toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(localTimeToUtc('2026-07-01T09:30', 'Europe/Paris').toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(localTimeToUtc('2026-01-15T09:30', 'Europe/Paris').toISOString()).toBe('2026-01-15T08:30:00.000Z');
    expect(localTimeToUtc('2026-03-08T01:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    expect(localTimeToUtc('2026-03-08T03:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});

describe('a calendar date', () => {
  it('is a day of the calendar, never an instant, and starts at its local midnight', () => {
    const instant = new Date('2026-11-23T10:00:00Z');
    // @ts-expect-error: an instant is not a calendar date (npm run typecheck fails if it ever were)
    const mistaken: CalendarDate = instant;
    expect(mistaken).toBeInstanceOf(Date);
    const day = localDate(instant, 'Asia/Kolkata');
    expect(day).toBe('2026-11-23');
    expect(localMidnight(day, 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(addDays(calendarDateOf('2026-02-28'), 1)).toBe('2026-03-01');
    expect(addMonths(calendarDateOf('2026-01-31'), 1)).toBe('2026-03-03');
    expect(() => calendarDateOf('23/11/2026')).toThrow('Not a calendar date');
  });
});
