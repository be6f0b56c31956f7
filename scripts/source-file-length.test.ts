import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The longest a source file may be (the developers' guide): split it into files named for what they do. */
const MAX_LINES = 300;

/**
 * Not held to the limit: tests and their helpers (unit tests, the fault tests, e2e specs and their support,
 * server/test/ with the quote fuzzer, app/test/), never part of what runs in production; and content data
 * (app/content/: the pages' words and tables, long because the site says a lot).
 */
const EXEMPT = [
  /\.test\.tsx?$/,
  /^e2e\//,
  /^server\/test\//,
  /^server\/fault-tests\//,
  /^app\/test\//,
  /^app\/content\//,
];

/** The project's .ts and .tsx files: tracked, or new and not ignored, and still on disk. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'],
    { encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((file) => file !== '' && existsSync(file))
    .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)));
}

function lineCount(file: string): number {
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source files', () => {
  const files = sourceFiles();

  it('are found: the server, the pages, the scripts and the shared code', () => {
    for (const file of ['server/main.ts', 'app/root.tsx', 'scripts/compress-build.ts', 'common/company.ts']) {
      expect(files).toContain(file);
    }
    expect(files).not.toContain('server/test/quote-fuzz.ts');
  });

  it(`are at most ${MAX_LINES} lines long, outside tests, their helpers and content data`, () => {
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong, `Split these into files named for what they do (at most ${MAX_LINES} lines)`).toEqual([]);
  });
});
