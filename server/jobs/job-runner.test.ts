import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../db/database.ts';
import { createJobRunner, RECORD_EVERY_MS, type JobRecords } from './job-runner.ts';
import type { JobStatus } from './job-status.ts';

const quiet = { warn: () => undefined, error: () => undefined };

/** A lock shared by "instances" of one test: the first to ask holds it for its task. */
function sharedLock(): Pick<Storage, 'exclusively'> {
  const held = new Set<string>();
  return {
    async exclusively(name, task) {
      if (held.has(name)) return undefined;
      held.add(name);
      try {
        return await task();
      } finally {
        held.delete(name);
      }
    },
  };
}

function savedRecords() {
  const saved: JobStatus[] = [];
  const records: JobRecords = { save: async (status) => void saved.push(status) };
  return { saved, records };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-29T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the job runner', () => {
  it('runs a job at start, then every interval after the end of the last run', async () => {
    const runner = createJobRunner({ log: quiet });
    let runs = 0;
    const job = runner.add({
      name: 'count',
      everyMs: 60_000,
      where: { instances: 'each' },
      run: async () => runs++,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(runs).toBe(5);
    expect(job.nextRunAt()).toEqual(new Date('2026-11-29T09:05:00Z'));
    await runner.stop();
    expect(job.nextRunAt()).toBeNull();
  });

  it('waits firstMs before the first run; a kick runs it at once, and once more after a run under way', async () => {
    const runner = createJobRunner({ log: quiet });
    let runs = 0;
    let release = () => {};
    const job = runner.add({
      name: 'late',
      everyMs: 10_000,
      firstMs: 5_000,
      where: { instances: 'each' },
      run: () => new Promise<void>((done) => ((release = done), runs++)),
    });
    job.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    job.kick();
    job.kick();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2); // the kicks during the run: one more run, at once
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    job.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(3);
    release();
    await runner.stop();
  });

  it('records each run and its outcome; a failing run is logged, recorded and tried again on time', async () => {
    const errors: unknown[] = [];
    const { saved, records } = savedRecords();
    const runner = createJobRunner({
      log: { ...quiet, error: (entry: unknown) => errors.push(entry) },
      records,
    });
    let fail = true;
    const job = runner.add({
      name: 'flaky',
      everyMs: 60_000,
      where: { instances: 'each' },
      run: async () => {
        if (fail) throw new Error('the disk is full');
      },
    });
    expect(runner.list()).toEqual([
      {
        name: 'flaky',
        schedule: 'every 1 min, first at start',
        where: 'each instance',
        lastRunAt: null,
        outcome: null,
        error: null,
      },
    ]);
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    expect(runner.list()[0]).toMatchObject({
      lastRunAt: new Date('2026-11-29T09:00:00Z'),
      outcome: 'failed',
      error: 'the disk is full',
    });
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runner.list()[0]).toMatchObject({
      lastRunAt: new Date('2026-11-29T09:01:00Z'),
      outcome: 'ok',
      error: null,
    });
    expect(saved.map((status) => status.outcome)).toEqual(['failed', 'ok']);
    await runner.stop();
  });

  it(`writes an unchanged outcome at most every ${RECORD_EVERY_MS / 1000} s`, async () => {
    const { saved, records } = savedRecords();
    const runner = createJobRunner({ log: quiet, records });
    runner.add({ name: 'often', everyMs: 10_000, where: { instances: 'each' }, run: async () => 1 }).start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(saved.map((status) => status.lastRunAt?.toISOString())).toEqual([
      '2026-11-29T09:00:00.000Z',
      '2026-11-29T09:01:00.000Z',
      '2026-11-29T09:02:00.000Z',
      '2026-11-29T09:03:00.000Z',
      '2026-11-29T09:04:00.000Z',
      '2026-11-29T09:05:00.000Z',
    ]);
    expect(runner.list()[0]?.lastRunAt).toEqual(new Date('2026-11-29T09:05:00Z'));
    await runner.stop();
  });

  it('runs a job of one instance in the instance holding its lock; the others skip it', async () => {
    const lease = sharedLock();
    const ran: string[] = [];
    let release = () => {};
    const skipped: string[] = [];
    const instances = ['a', 'b'].map((instance) => {
      const runner = createJobRunner({ log: quiet, lease });
      runner
        .add({
          name: 'backup',
          everyMs: 60_000,
          where: { instances: 'one', lock: 'maintenance:backup' },
          run: () => new Promise<void>((done) => ((release = done), ran.push(instance))),
          skipped: () => skipped.push(instance),
        })
        .start();
      return runner;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['a']);
    expect(skipped).toEqual(['b']);
    expect(instances.map((runner) => runner.list()[0]?.outcome)).toEqual([null, 'skipped']);
    expect(instances[0]?.list()[0]?.where).toBe('one instance (lock maintenance:backup)');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(instances[0]?.list()[0]?.outcome).toBe('ok');
    await Promise.all(instances.map((runner) => runner.stop()));
  });

  it('runs a job of each instance in every instance', async () => {
    const ran: string[] = [];
    const lease = sharedLock();
    const instances = ['a', 'b'].map((instance) => {
      const runner = createJobRunner({ log: quiet, lease });
      runner
        .add({
          name: 'poll',
          everyMs: 1_000,
          where: { instances: 'each' },
          run: async () => ran.push(instance),
        })
        .start();
      return runner;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual(['a', 'b', 'a', 'b']);
    await Promise.all(instances.map((runner) => runner.stop()));
  });

  it('runs now when asked, after the run under way (or joins it); a failure goes to the caller', async () => {
    const runner = createJobRunner({ log: quiet });
    let runs = 0;
    const job = runner.add({
      name: 'asked',
      everyMs: 60_000,
      where: { instances: 'each' },
      run: async () => {
        runs++;
        if (runs === 3) throw new Error('third');
        return runs;
      },
    });
    const [first, joined, second] = [job.runNow(), job.runNow({ join: true }), job.runNow()];
    expect(await first).toBe(1);
    expect(await joined).toBe(1);
    expect(await second).toBe(2);
    await expect(job.runNow()).rejects.toThrow('third');
    expect(runner.list()[0]?.outcome).toBe('failed');
    await runner.stop();
  });

  it('ends a schedule its job says is finished', async () => {
    const runner = createJobRunner({ log: quiet });
    let runs = 0;
    runner
      .add({
        name: 'until-answered',
        everyMs: 1_000,
        where: { instances: 'each' },
        run: async ({ finish }) => {
          if (++runs === 3) finish();
        },
      })
      .start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
    await runner.stop();
  });

  it('stop() stops every job, waits for the runs under way, and nothing runs after', async () => {
    const runner = createJobRunner({ log: quiet });
    const runs = { slow: 0, fast: 0 };
    let release = () => {};
    let stopping = false;
    runner
      .add({
        name: 'slow',
        everyMs: 1_000,
        where: { instances: 'each' },
        run: async ({ stopping: told }) => {
          runs.slow++;
          await new Promise<void>((done) => (release = done));
          stopping = told();
        },
      })
      .start();
    runner
      .add({ name: 'fast', everyMs: 1_000, where: { instances: 'each' }, run: async () => runs.fast++ })
      .start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stop = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stop;
    expect(stopping).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual({ slow: 1, fast: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
