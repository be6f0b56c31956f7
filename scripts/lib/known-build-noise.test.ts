import { describe, expect, it } from 'vitest';
import { dropKnownNoise } from './known-build-noise.ts';

const ENV_FILE = 'The `envFile` option is deprecated, please use `envDir: false` instead.';

describe("the build's known noise", () => {
  it("drops React Router's envFile deprecation, coloured or not, and keeps every other line", () => {
    const output = `${ENV_FILE}\n\u001b[33m${ENV_FILE}\u001b[39m\nvite v8 building\nerror: real\n`;
    expect(dropKnownNoise(output)).toEqual({ kept: 'vite v8 building\nerror: real\n', rest: '' });
  });

  it('keeps a line split across two chunks for the next one', () => {
    const first = dropKnownNoise(`built in 2s\n${ENV_FILE.slice(0, 10)}`);
    expect(first.kept).toBe('built in 2s\n');
    expect(dropKnownNoise(`${first.rest}${ENV_FILE.slice(10)}\n`).kept).toBe('');
  });

  it('keeps a warning that only mentions the option', () => {
    const warning = 'Warning: the `envFile` option is deprecated in your vite.config.ts';
    expect(dropKnownNoise(`${warning}\n`).kept).toBe(`${warning}\n`);
  });
});
