import { describe, expect, it } from 'vitest';
import { waitedFor } from './staff-lead-email-kinds.ts';

describe("the escalation's subject", () => {
  it('says how long a lead waited in hours and minutes, as FIRST_RESPONSE_MINUTES sets it', () => {
    expect(waitedFor(240 * 60_000)).toBe('4 h');
    expect(waitedFor(90 * 60_000)).toBe('1 h 30 min');
    expect(waitedFor(45 * 60_000)).toBe('45 min');
  });
});
