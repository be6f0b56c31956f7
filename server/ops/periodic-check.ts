import type { FastifyBaseLogger } from 'fastify';
import { isStorageUnavailable } from '../db/storage-errors.ts';

/** A check every instance runs now and then (the team's reminders, escalations, digests). */
export interface PeriodicCheck {
  start(): void;
  /** Checks now; resolves to how many things it did. */
  runOnce(): Promise<number>;
  /** Stops the checks and waits for the one under way, if any. */
  stop(): Promise<void>;
}

/**
 * Runs `check` at start, then `intervalMs` after each run ends. A run asked for during one under way runs
 * after it (nothing set meanwhile is missed); a database that cannot be reached is a warning, not a crash.
 */
export function createPeriodicCheck(
  check: (stopped: () => boolean) => Promise<number>,
  { intervalMs, log, name }: { intervalMs: number; log: FastifyBaseLogger; name: string },
): PeriodicCheck {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    const next: Promise<number> = previous
      .catch(() => 0)
      .then(() => check(() => stopped))
      .finally(() => {
        if (running === next) running = undefined;
      });
    running = next;
    return next;
  }
  function tick() {
    runOnce()
      .catch((error: unknown) => {
        if (isStorageUnavailable(error)) log.warn({ err: error }, `${name}: database unavailable`);
        else log.error({ err: error }, `${name}: the check failed`);
      })
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  }
  return {
    start() {
      if (started || stopped) return;
      started = true;
      tick();
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
