import { describe, expect, it } from 'vitest';
import { option, UsageError } from './cli-args.ts';

describe('an option on the command line', () => {
  it('is read as `--name value` or `--name=value`, among other options and arguments', () => {
    expect(option(['list', '--status', 'won', '--limit', '5'], '--limit')).toBe('5');
    expect(option(['list', '--status=won'], '--status')).toBe('won');
    expect(option(['list', '--limit', '5'], '--status')).toBeUndefined();
  });

  it('without its value is a usage mistake that names it', () => {
    expect(() => option(['delete', '--email'], '--email')).toThrow(new UsageError('--email needs a value.'));
    expect(() => option(['list', '--status', '--limit', '5'], '--status')).toThrow(
      new UsageError('--status needs a value.'),
    );
  });
});
