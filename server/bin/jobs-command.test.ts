import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../jobs/job-runner.ts';
import { jobRecords } from '../jobs/job-records.ts';
import { JOBS_USAGE, jobsCommand } from '../jobs/job-list.ts';
import { runStoreCommand } from './store-command.ts';
import { openStores } from '../stores.ts';
import { testConfig } from '../test/test-app.ts';
import type { Config } from '../config/config.ts';

const quiet = { warn: () => undefined, error: () => undefined };

/** `npm run jobs -- …` as of `now`: its exit code and what it printed. */
async function runJobs(config: Config, now: Date, ...args: string[]) {
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  const code = await runStoreCommand(jobsCommand, args, config, io, now);
  return { code, out, err };
}

describe('npm run jobs', () => {
  it('lists each job the server ran: its schedule, where it runs, its last run and how it ended', async () => {
    const config = testConfig();
    expect(await runJobs(config, new Date(), 'list')).toEqual({
      code: 0,
      out: 'No job has run on this database yet (the server records them as they run).\n',
      err: '',
    });

    // What a running server does: its runner writes each job's last run to the database.
    const stores = await openStores(config);
    let at = new Date('2026-11-29T09:00:00Z');
    const runner = createJobRunner({
      log: quiet,
      lease: stores.storage,
      records: jobRecords(stores.storage),
      now: () => at,
    });
    const jobs = [
      runner.add({
        name: 'outbox-mail',
        everyMs: 1_000,
        firstMs: 0,
        where: { instances: 'each' },
        run: async () => 0,
      }),
      runner.add({
        name: 'backup',
        everyMs: 6 * 60 * 60 * 1000,
        firstMs: 60_000,
        where: { instances: 'one', lock: 'maintenance:backup' },
        run: async () => undefined,
      }),
      runner.add({
        name: 'mailbox-watcher',
        everyMs: 10_000,
        where: { instances: 'one', lease: 'the mailbox lease' },
        run: () => Promise.reject(new Error('Invalid credentials\n(Failure)')),
      }),
    ];
    await jobs[0]?.runNow();
    at = new Date('2026-11-29T09:05:00Z');
    await jobs[1]?.runNow();
    await expect(jobs[2]?.runNow()).rejects.toThrow('Invalid credentials');
    await runner.stop();
    await stores.close();

    const listed = await runJobs(config, new Date('2026-11-29T09:15:00Z'), 'list');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toEqual([
      'JOB              SCHEDULE                      RUNS ON                                 LAST RUN                              OUTCOME',
      'backup           every 6 h, first after 1 min  one instance (lock maintenance:backup)  2026-11-29 09:05:00 UTC (10 min ago)  ok',
      'mailbox-watcher  every 10 s, first at start    one instance (the mailbox lease)        2026-11-29 09:05:00 UTC (10 min ago)  failed: Invalid credentials (Failure)',
      'outbox-mail      every 1 s, first at start     each instance                           2026-11-29 09:00:00 UTC (15 min ago)  ok',
      '',
    ]);
  });

  it('explains its usage on a missing or unknown command, with exit code 2', async () => {
    const config = testConfig();
    expect(await runJobs(config, new Date())).toMatchObject({ code: 2, err: JOBS_USAGE });
    const unknown = await runJobs(config, new Date(), 'run');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "run".');
    expect(unknown.err).toContain('  list  ');
  });
});
