import type { FastifyBaseLogger } from 'fastify';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';

/** A check every instance runs now and then (the team's reminders, escalations, digests). */
export interface PeriodicCheck {
  start(): void;
  /** Checks now; resolves to how many things it did. */
  runOnce(): Promise<number>;
  /** Stops the checks and waits for the one under way, if any. */
  stop(): Promise<void>;
}

/**
 * A job of the runner (`jobs`, or one of its own): `check` at start, then `intervalMs` after each run
 * ends. A run asked for during one under way runs after it (nothing set meanwhile is missed); a database
 * that cannot be reached is a warning, not a crash.
 */
export function createPeriodicCheck(
  check: (stopped: () => boolean) => Promise<number>,
  {
    intervalMs,
    log,
    name,
    jobs = createJobRunner({ log }),
  }: { intervalMs: number; log: FastifyBaseLogger; name: string; jobs?: JobRunner | undefined },
): PeriodicCheck {
  const job = jobs.add({
    name: name.replaceAll(' ', '-'),
    everyMs: intervalMs,
    // Each instance: what a check does is claimed row by row, so two instances never do it twice.
    where: { instances: 'each' },
    run: ({ stopping }) => check(stopping),
    failed: (error) => {
      if (isStorageUnavailable(error)) log.warn({ err: error }, `${name}: database unavailable`);
      else log.error({ err: error }, `${name}: the check failed`);
    },
  });
  return {
    start: () => job.start(),
    runOnce: async () => (await job.runNow()) ?? 0,
    stop: () => job.stop(),
  };
}
