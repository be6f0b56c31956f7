import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { timerCalls } from './lib/timer-calls.ts';

/**
 * Scheduled and repeated work is a job of the runner (server/jobs/, decision 055). The files below
 * start timers of their own, each for the length of one request, connection or task, never a schedule.
 * At most MAX_FILES: a new one replaces one of them, or is a job.
 */
const TIMERS_ALLOWED: Readonly<Record<string, string>> = {
  'server/jobs/job.ts': "the runner's one timer per job: every schedule of the server",
  'server/time/pause.ts': "a wait inside one task (a busy database's retry, the drain before closing)",
  'server/conversations/mail-parser.ts': "one message's parse: its time limit, its thread's idle end",
  'server/integrations/http-sender.ts': "one delivery's request: its timeout",
  'server/attachments/lead-files-intake.ts': "one upload's deadline",
  'server/forms/upload-drain.ts': "one refused request's body: how long it is drained",
  'server/security/clamd-scanner.ts': "one scan's connection: its timeout",
};
const MAX_FILES = 8;

/** Not held to the rule: tests and their helpers, which drive time as they need. */
const NOT_SOURCE = [/\.test\.tsx?$/, /^server\/test\//, /^server\/fault-tests\//];

function serverSources(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'server/*.ts'],
    { encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((file) => file !== '' && existsSync(file) && !NOT_SOURCE.some((pattern) => pattern.test(file)));
}

describe('timers', () => {
  it(`are started by at most ${MAX_FILES} source files of server/, each for one request, connection or task`, () => {
    const starting = serverSources()
      .filter((file) => timerCalls(readFileSync(file, 'utf8')).length > 0)
      .sort();
    expect(Object.keys(TIMERS_ALLOWED).length).toBeLessThanOrEqual(MAX_FILES);
    expect(
      starting.filter((file) => !(file in TIMERS_ALLOWED)),
      'Make it a job of the runner (server/jobs/, decision 055), or a timeout of one request',
    ).toEqual([]);
    expect(starting.length).toBeLessThanOrEqual(MAX_FILES);
  });

  it('are found however they are spelt, and not in comments', () => {
    const found = [
      'const timer = setTimeout(tick, 1000);',
      'globalThis.setInterval(flush, 60_000)',
      "import { setTimeout as sleep } from 'node:timers/promises';",
      "import { setInterval } from 'timers';",
      'socket.setTimeout(5_000);',
    ];
    for (const snippet of found) expect(timerCalls(snippet).length, snippet).toBeGreaterThan(0);
    const fine = [
      '// a setTimeout here would be a schedule',
      '/* setInterval(flush) */',
      'const timeoutMs = 10;',
      'setImmediate(next);',
    ];
    for (const snippet of fine) expect(timerCalls(snippet), snippet).toEqual([]);
  });
});
