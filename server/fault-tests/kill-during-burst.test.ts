/**
 * Fault 1: the process is killed (SIGKILL, no chance to clean up) in the
 * middle of a burst of submissions. After a restart, every request that was
 * answered "success" is in the database exactly once, with its email still
 * promised in the outbox.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validQuote } from '../test/form-request.ts';
import { readDatabaseFile } from '../test/database-file.ts';
import { burst, isSuccess, postQuote, type Outcome } from '../test/quote-client.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';

const SUBMISSIONS = 400;
const CONCURRENCY = 16;
const KILL_AFTER_SUCCESSES = 120;

const emailOf = (index: number | string) => `visitor-${index}@kill.test`;

describe('kill -9 in the middle of a burst', () => {
  it('keeps every acknowledged lead, exactly once, across the crash and the restart', async () => {
    const dir = tempDir();
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'data', 'site.db'),
      MAIL_DIR: join(dir, 'data', 'mail'),
      RATE_LIMIT_MAX: '100000',
    };
    const server = await startServer({ env });

    let successes = 0;
    const outcomes = await burst(
      SUBMISSIONS,
      CONCURRENCY,
      (index) => postQuote(server.url, { ...validQuote, email: emailOf(index) }, 5_000),
      (_index, outcome) => {
        if (isSuccess(outcome) && ++successes === KILL_AFTER_SUCCESSES) server.child.kill('SIGKILL');
      },
    );
    expect((await server.exited).signal).toBe('SIGKILL');

    const acknowledged = outcomes.flatMap((outcome, index) => (isSuccess(outcome) ? [index] : []));
    const failed = outcomes.filter((outcome) => !isSuccess(outcome));
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_SUCCESSES);
    expect(failed.length).toBeGreaterThan(0); // the kill really came mid-burst
    // Nothing but "success" or a broken connection: the server never answered anything else.
    for (const outcome of failed) expect(outcome).toMatchObject<Partial<Outcome>>({ kind: 'error' });

    // A new process on the same files recovers the database and takes requests again.
    const restarted = await startServer({ env });
    expect(isSuccess(await postQuote(restarted.url, { ...validQuote, email: emailOf('after') }))).toBe(true);
    expect((await stopServer(restarted)).code).toBe(0);

    const database = readDatabaseFile(env.DATABASE_PATH);
    expect(database.integrity).toBe('ok');
    for (const index of acknowledged) expect(database.emails.get(emailOf(index))).toBe(1);
    expect(database.emails.get(emailOf('after'))).toBe(1);
    expect([...database.emails.values()].every((count) => count === 1)).toBe(true);
    // Stored but never acknowledged: only requests that were in flight when the process died.
    expect(database.leads - acknowledged.length - 1).toBeLessThanOrEqual(CONCURRENCY);
    // Each lead and its email were written together or not at all.
    expect(database.leadsWithoutOneNotification).toBe(0);
  }, 60_000);
});
