import { spawnSync } from 'node:child_process';
import fs, { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test/temp-dir.ts';
import { LOG_FLUSH_MS, logDestination } from './log-destination.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A logger writing to a fresh file through the destination, as the server's does to stdout. */
function fileLogger() {
  const file = join(tempDir(), 'server.log');
  const log = pino({ base: null }, logDestination(file));
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n').filter(Boolean);
  const access = (url: string) => log.info({ req: { method: 'GET', url } }, 'request completed');
  return { log, lines, access };
}

const messages = (lines: string[]) =>
  lines.map((line) => {
    const { msg, req } = JSON.parse(line) as { msg: string; req?: { url: string } };
    return req ? `${msg} ${req.url}` : msg;
  });

describe('the log destination', () => {
  it('writes an access line within a second, and a warning at once, after the lines before it', async () => {
    // The destination's periodic flush runs on the test's clock, not the wall's.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { log, lines, access } = fileLogger();
      access('/');
      access('/about');
      await vi.advanceTimersByTimeAsync(LOG_FLUSH_MS - 1);
      expect(lines()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(lines()).toHaveLength(2), { timeout: 2_000 });

      access('/contact');
      log.warn('the outbox is behind');
      await vi.waitFor(() => expect(lines()).toHaveLength(4), { timeout: 2_000 });
      expect(messages(lines())).toEqual([
        'request completed /',
        'request completed /about',
        'request completed /contact',
        'the outbox is behind',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the access lines of a busy server in batches, not one write per request', async () => {
    const writes = vi.spyOn(fs, 'write');
    const { lines, access } = fileLogger();
    for (let index = 0; index < 200; index++) {
      access(`/page-${index}`);
      // Requests a millisecond apart: each write would be over before the next line.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await vi.waitFor(() => expect(lines()).toHaveLength(200), { timeout: LOG_FLUSH_MS * 2 });
    expect(writes.mock.calls.length).toBeLessThanOrEqual(20);
  });

  it('loses no line when the process exits, by process.exit or by a crash', () => {
    const module = resolve('server/ops/log-destination.ts');
    for (const [how, ending, code] of [
      ['process.exit', 'process.exit(0);', 0],
      ['an uncaught exception', "throw new Error('boom');", 1],
    ] as const) {
      const file = join(tempDir(), 'server.log');
      const script = [
        "import { openSync } from 'node:fs';",
        "import { pino } from 'pino';",
        `import { logDestination } from ${JSON.stringify(module)};`,
        `const log = pino({ base: null }, logDestination(openSync(${JSON.stringify(file)}, 'a')));`,
        "for (let i = 0; i < 50; i++) log.info({ req: { method: 'GET', url: '/' + i } }, 'request completed');",
        ending,
      ].join('\n');
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(child.status, `${how}: ${child.stderr}`).toBe(code);
      const written = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      // All of them, though the last write in flight may land after what the exit writes.
      expect(new Set(messages(written)), how).toEqual(
        new Set(Array.from({ length: 50 }, (_, index) => `request completed /${index}`)),
      );
    }
  });
});
