import { describe, expect, it } from 'vitest';
import { rangeParts } from './range-parts.ts';

const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const iso = (edges: { start: Date; end: Date }[]) =>
  edges.map((edge) => [edge.start.toISOString(), edge.end.toISOString()]);

describe('a period split into counted months and days, and the hours at its ends', () => {
  it('reads the last 12 months in Kolkata as 11 whole months, 29 days and two edges', () => {
    // 1 Dec 2025 00:00 to 1 Dec 2026 00:00 in Kolkata.
    const parts = rangeParts(range('2025-11-30T18:30:00.000Z', '2026-11-30T18:30:00.000Z'));
    expect(parts.months).toEqual({ from: '2025-12', to: '2026-11' });
    expect(parts.days).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(iso(parts.edges)).toEqual([
      ['2025-11-30T18:30:00.000Z', '2025-12-01T00:00:00.000Z'],
      ['2026-11-30T00:00:00.000Z', '2026-11-30T18:30:00.000Z'],
    ]);
  });

  it('has no edges where local midnight is UTC midnight, and days on both sides of the months', () => {
    const parts = rangeParts(range('2026-01-15T00:00:00.000Z', '2026-04-10T00:00:00.000Z'));
    expect(parts).toEqual({
      months: { from: '2026-02', to: '2026-04' },
      days: [
        { from: '2026-01-15', to: '2026-02-01' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
      edges: [],
    });
  });

  it('gives whole days only when asked, and no month when none is whole', () => {
    const week = range('2026-11-22T18:30:00.000Z', '2026-11-29T18:30:00.000Z');
    expect(rangeParts(week).months).toBeNull();
    expect(rangeParts(week).days).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
    const quarter = range('2026-09-06T18:30:00.000Z', '2026-11-29T18:30:00.000Z');
    expect(rangeParts(quarter, { withMonths: false }).days).toEqual([
      { from: '2026-09-07', to: '2026-11-29' },
    ]);
  });

  it('reads a range inside one UTC day from the leads alone', () => {
    const parts = rangeParts(range('2026-11-27T01:00:00.000Z', '2026-11-27T18:30:00.000Z'));
    expect(parts.months).toBeNull();
    expect(parts.days).toEqual([]);
    expect(iso(parts.edges)).toEqual([['2026-11-27T01:00:00.000Z', '2026-11-27T18:30:00.000Z']]);
    expect(rangeParts(range('2026-11-27T01:00:00.000Z', '2026-11-27T01:00:00.000Z')).edges).toEqual([]);
  });
});
