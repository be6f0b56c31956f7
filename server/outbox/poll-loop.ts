import type { FastifyBaseLogger } from 'fastify';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';

export interface PollLoop {
  start(): void;
  /** Looks for work now instead of at the next poll. */
  kick(): void;
  /** Stops polling and waits for the pass under way, if any. */
  stop(): Promise<void>;
  /** Whether stop() was called: a pass under way hands back what it has not started. */
  stopping(): boolean;
}

export interface PollLoopOptions {
  pollMs: number;
  batchSize: number;
  log: FastifyBaseLogger;
  /** The job's name in the runner (default "outbox"). */
  name?: string | undefined;
  /** The runner the loop is a job of (a runner of its own without it). */
  jobs?: JobRunner | undefined;
}

/**
 * Runs `pass` every `pollMs` as a job of the runner, in each instance (the rows are claimed, so two
 * instances never send one), one pass at a time: a pass that took a full batch (`batchSize`) is
 * followed by another at once, and a kick during a pass makes another when it ends. A failed pass is
 * logged (a database unavailable as a warning) and the next poll tries again.
 */
export function pollLoop(
  pass: () => Promise<number>,
  { pollMs, batchSize, log, name = 'outbox', jobs = createJobRunner({ log }) }: PollLoopOptions,
): PollLoop {
  const job = jobs.add({
    name,
    everyMs: pollMs,
    firstMs: 0,
    where: { instances: 'each' },
    run: async ({ stopping }) => {
      // A full batch means there may be more: go on at once.
      while ((await pass()) === batchSize && !stopping());
    },
    failed: (error) => {
      if (isStorageUnavailable(error)) log.warn({ err: error }, 'outbox: database unavailable');
      else log.error({ err: error }, 'outbox pass failed');
    },
  });
  return { start: job.start, kick: job.kick, stop: job.stop, stopping: job.stopping };
}
