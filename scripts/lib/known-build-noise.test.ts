import { describe, expect, it } from 'vitest';
import { createBuildOutputFilter, dropKnownNoise } from './known-build-noise.ts';

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

/** What React Router's build printed (shortened: it listed 91 files and 16 pages). */
const BUILD = [
  'Using Vite Environment API (experimental)',
  'vite v8.3.8 building client environment for production...',
  '\u001b[32m✓\u001b[39m 2536 modules transformed.',
  'build/client/assets/marketing-i4PQIdTv.svg                    1.92 kB',
  'build/client/.vite/manifest.json                             21.89 kB',
  'build/client/assets/admin-DywFPO2z.js                     1,246.59 kB │ map: 12.00 kB',
  '',
  '✓ built in 20.76s',
  '✓ 2 assets cleaned from React Router server build.',
  'build/client/assets/admin-CLAf_xWx.css',
  'build/server/assets/server-build-CnsZ1jie.css',
  'Prerender (html): / -> build/client/index.html',
  'Prerender (html): /about -> build/client/about/index.html',
  'Removing the server build in /srv/acme-site/build/server due to ssr:false',
  'build/server/index.js                             307.08 kB',
  '',
  '✓ built in 10.00s',
].join('\n');

describe("the build's output, as a person reads it", () => {
  it('folds the files written and the pages prerendered into a line each, and drops the experimental notice', () => {
    const output = createBuildOutputFilter();
    // In chunks cut anywhere, as a pipe delivers them.
    const text = [BUILD.slice(0, 100), BUILD.slice(100, 333), BUILD.slice(333)].map((chunk) =>
      output.push(chunk),
    );
    expect(text.join('') + output.end()).toBe(
      [
        'vite v8.3.8 building client environment for production...',
        '\u001b[32m✓\u001b[39m 2536 modules transformed.',
        '  3 files written to build/client (1,270 kB)',
        '✓ built in 20.76s',
        '✓ 2 assets cleaned from React Router server build.',
        '  2 pages prerendered',
        'Removing the server build in /srv/acme-site/build/server due to ssr:false',
        '  1 file written to build/server (307 kB)',
        '✓ built in 10.00s',
        '',
      ].join('\n'),
    );
  });

  it('keeps errors and warnings, and a last line without its newline', () => {
    const output = createBuildOutputFilter();
    const text = output.push('error: Could not resolve "./nope"\n[vite] warning: big chunk\nfailed');
    expect(text + output.end()).toBe(
      'error: Could not resolve "./nope"\n[vite] warning: big chunk\nfailed\n',
    );
  });
});
