import type { Kysely, Transaction } from 'kysely';
import { isStorageUnavailable } from './storage-errors.ts';
import { WriteQueueClosedError, type WriteQueue } from './write-queue.ts';

/**
 * PostgreSQL's "could not serialize access" and "deadlock detected": the
 * transaction was undone because another ran at the same time, and running it
 * again is the documented answer.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 8;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * The write queue's interface on PostgreSQL. Group commit is an SQLite device
 * (one writer, one fsync per group); a pool of connections writes in
 * parallel, so each job is its own transaction. They run SERIALIZABLE: every
 * repository was written for SQLite, where writes happen one after another,
 * and some read before they write (the acknowledgement's once-a-day rule, a
 * subscriber's sign-up). Serializable keeps exactly those semantics with
 * several instances: a job that ran into another is undone and run again,
 * which a job allows (it is only database work).
 */
export function createPoolWriter<DB>(db: Kysely<DB>): WriteQueue<DB> {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  let storageFailing = false;

  async function runOnce<T>(job: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().setIsolationLevel('serializable').execute(job);
      } catch (error) {
        if (!isRetryable(error) || attempt >= ATTEMPTS) throw error;
        // Apart again, a little later each time, so two that collided do not collide again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  return {
    run<T>(job: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new WriteQueueClosedError());
      const written = runOnce(job).then(
        (value) => {
          storageFailing = false;
          return value;
        },
        (error: unknown) => {
          if (isStorageUnavailable(error)) storageFailing = true;
          throw error;
        },
      );
      const settled = written.catch(() => undefined);
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
      return written;
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      await Promise.all([...inFlight]);
    },
    failing: () => storageFailing,
  };
}
