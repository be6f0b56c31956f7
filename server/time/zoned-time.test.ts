import { describe, expect, it } from 'vitest';
import { localTimeToUtc } from './zoned-time.ts';

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
