import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { readableLine, wantsReadableLog } from './readable-log.ts';

const AT = new Date(2026, 10, 29, 14, 5, 9).getTime();

describe('the log a person reads', () => {
  it('writes a message with its details, a request on one line, and an error with its stack', () => {
    const start = { level: 30, time: AT, pid: 7, hostname: 'x', database: 'data/site.db', msg: 'listening' };
    expect(readableLine(`${JSON.stringify(start)}\n`)).toBe(
      '14:05:09 INFO  listening (database: data/site.db)\n',
    );
    const request = {
      level: 30,
      time: AT,
      reqId: 'req-1',
      req: { method: 'GET', url: '/about' },
      res: { statusCode: 200 },
      responseTime: 2.0634,
      msg: 'request completed',
    };
    expect(readableLine(`${JSON.stringify(request)}\n`)).toBe('14:05:09 INFO  GET /about 200 2.1 ms\n');
    const failure = {
      level: 50,
      time: AT,
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at main.ts:1:1' },
      msg: 'shutting down after an unexpected error',
    };
    expect(readableLine(`${JSON.stringify(failure)}\n`)).toBe(
      '14:05:09 ERROR shutting down after an unexpected error\nError: boom\n    at main.ts:1:1\n',
    );
    expect(readableLine('not JSON\n')).toBe('not JSON\n');
  });

  it('is wanted outside production at a terminal only', () => {
    expect(wantsReadableLog(false, { isTTY: true })).toBe(true);
    expect(wantsReadableLog(true, { isTTY: true })).toBe(false);
    expect(wantsReadableLog(false, { isTTY: false })).toBe(false);
    expect(wantsReadableLog(false, {})).toBe(false);
  });

  it('is what the development server prints to a terminal: no JSON', { timeout: 30_000 }, async () => {
    const dir = tempDir();
    const env = {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'site.db'),
      MAIL_DIR: join(dir, 'mail'),
    };
    // `script` runs the server on a pseudo-terminal, as a person's terminal would.
    const server = `${process.execPath} --import tsx server/main.ts`;
    const child = spawn('script', ['-qfec', server, '/dev/null'], { env, detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      for (let waited = 0; !output.includes('quote requests are stored'); waited += 50) {
        if (waited > 25_000 || child.exitCode !== null) throw new Error(`no start line:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    // eslint-disable-next-line no-control-regex -- the colours of the level
    const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split(/\r?\n/);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\d\d:\d\d:\d\d INFO {2}quote requests are stored; their emails are kept, not sent \(SMTP_URL is not set\) \(database: /,
      ),
    );
    expect(output).not.toContain('{"level"');
  });
});
