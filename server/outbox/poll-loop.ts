import type { FastifyBaseLogger } from 'fastify';
import { isStorageUnavailable } from '../db/storage-errors.ts';

export interface PollLoop {
  start(): void;
  /** Looks for work now instead of at the next poll. */
  kick(): void;
  /** Stops polling and waits for the pass under way, if any. */
  stop(): Promise<void>;
  /** Whether stop() was called: a pass under way hands back what it has not started. */
  stopping(): boolean;
}

/**
 * Runs `pass` every `pollMs`, one pass at a time: a pass that took a full batch (`batchSize`) is
 * followed by another at once, and a kick during a pass makes another when it ends. A failed pass is
 * logged (a database unavailable as a warning) and the next poll tries again.
 */
export function pollLoop(
  pass: () => Promise<number>,
  { pollMs, batchSize, log }: { pollMs: number; batchSize: number; log: FastifyBaseLogger },
): PollLoop {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function schedule(delayMs: number) {
    if (stopped || !started) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // A full batch means there may be more: go on at once.
          while ((await pass()) === batchSize && !stopped);
        } catch (error) {
          if (isStorageUnavailable(error)) log.warn({ err: error }, 'outbox: database unavailable');
          else log.error({ err: error }, 'outbox pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule(pollMs);
    });
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    kick() {
      if (!started || stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      clearTimeout(timer);
    },
    stopping: () => stopped,
  };
}
