import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands with a comma', () => {
    expect([0, 7, 999, 1000, 4999, 5000, 12345].map(formatCount)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '4,999',
      '5,000',
      '12,345',
    ]);
  });
});
