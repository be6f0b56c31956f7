import { describe, expect, it } from 'vitest';
import { retryDelay } from './backoff.ts';

describe('retryDelay', () => {
  const settings = { baseMs: 30_000, maxMs: 3_600_000 };

  it('doubles after each failure, up to the maximum', () => {
    const top = (attempts: number) => retryDelay(attempts, settings, () => 1);
    expect([1, 2, 3, 4].map(top)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(top(8)).toBe(3_600_000);
    expect(top(200)).toBe(3_600_000);
  });

  it('spreads retries over the upper half of each step (jitter)', () => {
    expect(retryDelay(3, settings, () => 0)).toBe(60_000);
    expect(retryDelay(3, settings, () => 0.5)).toBe(90_000);
    const delays = new Set(Array.from({ length: 50 }, () => retryDelay(3, settings)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(60_000);
      expect(delay).toBeLessThanOrEqual(120_000);
    }
  });
});
