import { describe, expect, it } from 'vitest';
import { schedulePolicy } from './retry-policy.ts';

describe('a fixed retry schedule', () => {
  const policy = schedulePolicy([5_000, 300_000, 1_800_000], 0.1);

  it('waits each step of the schedule, moved by at most ±10 %, then gives up', () => {
    expect(policy.maxAttempts).toBe(4);
    expect([1, 2, 3].map((failed) => policy.delayMs(failed, () => 0.5))).toEqual([5_000, 300_000, 1_800_000]);
    expect(policy.delayMs(2, () => 0)).toBe(270_000);
    expect(policy.delayMs(2, () => 1)).toBe(330_000);
  });
});
