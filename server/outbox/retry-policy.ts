import { retryDelay, type BackoffSettings } from './backoff.ts';

/** When a lane's failed message is tried again, and after how many attempts it is dead. */
export interface RetryPolicy {
  /** Attempts in all, the first included; the last failure makes a dead letter. */
  maxAttempts: number;
  /** The wait after `failedAttempts` failures (1 after the first). */
  delayMs(failedAttempts: number, random: () => number): number;
}

/** The emails' policy: exponential backoff with equal jitter (see backoff.ts), `maxAttempts` in all. */
export function backoffPolicy(settings: BackoffSettings, maxAttempts: number): RetryPolicy {
  return { maxAttempts, delayMs: (failed, random) => retryDelay(failed, settings, random) };
}

/**
 * A fixed schedule of waits, each moved by up to ±`jitter` (a fraction) so that failures of one moment
 * do not all come back together; after the last wait's attempt fails, the message is dead.
 */
export function schedulePolicy(delaysMs: readonly number[], jitter: number): RetryPolicy {
  const last = delaysMs.at(-1) ?? 0;
  return {
    maxAttempts: delaysMs.length + 1,
    delayMs(failed, random) {
      const base = delaysMs[Math.max(0, failed - 1)] ?? last;
      return Math.round(base * (1 + jitter * (2 * random() - 1)));
    },
  };
}
