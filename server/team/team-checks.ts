import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../db/database.ts';
import { sendDigests } from './daily-digest.ts';
import { escalateWaiting } from './escalations.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { createPeriodicCheck, type PeriodicCheck } from '../ops/periodic-check.ts';

export interface TeamChecksOptions {
  storage: Pick<Storage, 'db' | 'write'>;
  timeZone: string;
  /** FOLLOW_UP_REMINDER_TIME: when the day's digests go out. */
  reminderTime: string;
  /** FIRST_RESPONSE_MINUTES in milliseconds; 0: no escalation. */
  firstResponseMs: number;
  mailDomain: string;
  log: FastifyBaseLogger;
  /** Wakes the outbox's worker after emails were queued. */
  onQueued: () => void;
  now?: () => Date;
  intervalMs?: number;
  /** The runner the checks are a job of (a runner of their own without it). */
  jobs?: JobRunner | undefined;
}

/**
 * What every instance checks about once a minute for the team: leads waiting past FIRST_RESPONSE_MINUTES
 * (escalated once) and the day's digests (once per person and day). Each is decided in the transaction
 * that queues its emails, so restarts and other instances never send one twice.
 */
export function createTeamChecks(options: TeamChecksOptions): PeriodicCheck {
  const now = options.now ?? (() => new Date());
  return createPeriodicCheck(
    async (stopped) => {
      const at = now();
      const escalated = await escalateWaiting(options.storage, { ...options, at }, stopped);
      const digests = await sendDigests(options.storage, { ...options, at }, stopped);
      if (escalated + digests > 0) options.onQueued();
      return escalated + digests;
    },
    { intervalMs: options.intervalMs ?? 60_000, log: options.log, name: 'team checks', jobs: options.jobs },
  );
}
