import { describe, expect, it } from 'vitest';
import { countOf, formatShortWhen, formatWhen } from './format';

describe('formatWhen', () => {
  it('shows an instant in the company’s time zone, the Indian way', () => {
    expect(formatWhen('2025-11-23T10:45:00Z', 'Asia/Kolkata')).toBe('23 Nov 2025, 4:15 pm');
  });

  it('moves to the next day when it is already tomorrow in that zone', () => {
    expect(formatWhen('2025-11-23T20:00:00Z', 'Asia/Kolkata')).toBe('24 Nov 2025, 1:30 am');
  });

  it('follows the zone it is given', () => {
    expect(formatWhen('2025-11-23T10:45:00Z', 'Europe/London')).toBe('23 Nov 2025, 10:45 am');
    expect(formatWhen('2025-07-01T10:45:00Z', 'Europe/London')).toBe('1 Jul 2025, 11:45 am');
  });

  it('uses Asia/Kolkata when no zone is given, and when the zone is not a real one', () => {
    expect(formatWhen('2025-11-23T10:45:00Z')).toBe('23 Nov 2025, 4:15 pm');
    expect(formatWhen('2025-11-23T10:45:00Z', 'Mars/Olympus')).toBe('23 Nov 2025, 4:15 pm');
  });

  it('shows a value that is not a date as it came rather than "Invalid Date"', () => {
    expect(formatWhen('soon')).toBe('soon');
  });
});

describe('countOf', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'notification')).toBe('1 notification');
    expect(countOf(3, 'notification')).toBe('3 notifications');
    expect(countOf(0, 'entry', 'entries')).toBe('0 entries');
    expect(countOf(12000, 'lead')).toBe('12,000 leads');
  });
});

describe('formatShortWhen', () => {
  const now = new Date('2025-11-23T12:00:00Z');

  it('gives the time alone when it is today in the company’s zone', () => {
    expect(formatShortWhen('2025-11-23T10:45:00Z', 'Asia/Kolkata', now)).toBe('4:15 pm');
  });

  it('gives the date too on another day there, even when it is the same day in UTC', () => {
    expect(formatShortWhen('2025-11-23T20:00:00Z', 'Asia/Kolkata', now)).toBe('24 Nov 2025, 1:30 am');
    expect(formatShortWhen('2025-11-20T10:45:00Z', 'Asia/Kolkata', now)).toBe('20 Nov 2025, 4:15 pm');
  });
});
