import { describe, expect, it } from 'vitest';
import { followUpLabel, parseFollowUpDay } from './follow-up-dates.ts';

// Wednesday 25 November 2026.
const today = '2026-11-25';

describe('a follow-up day as staff type it', () => {
  it('reads the day first, as the inbox writes it, with or without the weekday and the year', () => {
    for (const typed of [
      '30 Nov',
      'Mon 30 Nov',
      'Mon 30 Nov 2026',
      '30 November',
      ' 30  nov. 2026 ',
      'Nov 30',
      'Monday, 30 Nov',
    ]) {
      expect(parseFollowUpDay(typed, today), typed).toBe('2026-11-30');
    }
    expect(parseFollowUpDay('30/11', today)).toBe('2026-11-30');
    expect(parseFollowUpDay('30/11/2026', today)).toBe('2026-11-30');
    expect(parseFollowUpDay('2026-11-30', today)).toBe('2026-11-30');
    expect(parseFollowUpDay('1 Dec 2027', today)).toBe('2027-12-01');
  });

  it('takes a day without a year from today on: one that has passed this year is next year', () => {
    expect(parseFollowUpDay('25 Nov', today)).toBe('2026-11-25');
    expect(parseFollowUpDay('3 Jan', today)).toBe('2027-01-03');
  });

  it('reads no day in what is none', () => {
    for (const typed of ['', 'soon', '31 Nov', '30 Foo', '30 Nov 2026 9am', '13/13']) {
      expect(parseFollowUpDay(typed, today), typed).toBeUndefined();
    }
  });

  it('reads back what it writes', () => {
    for (const date of ['2026-11-30', '2027-02-01'])
      expect(parseFollowUpDay(followUpLabel(date, today), today)).toBe(date);
  });
});
