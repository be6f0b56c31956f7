import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import { runSharedStatements, type SharedStatement, type Sharing } from './shared-statements.ts';
import { isStorageUnavailable } from './storage-errors.ts';
import { pause } from '../time/pause.ts';

/**
 * A unit of writing: a few statements that belong together (a lead and its
 * outbox row). Only database work: it may run more than once, and only its last
 * run is kept, when another job of its group fails and the group is written
 * again, and when the database undid the group (`retryable`: a serialization
 * failure or a deadlock) and it is written again whole (shared-writes.test.ts).
 * `shared` is what a shared statement wrote for it (runSharing), if one did.
 */
type WriteJob<DB, T> = (trx: Transaction<DB>, shared?: unknown) => Promise<T>;

export interface WriteQueue<DB> {
  /**
   * Runs the job in the next group transaction and resolves with its result
   * once that transaction has committed, that is once it is on disk. A job
   * that throws is undone alone (its savepoint is rolled back) and rejects
   * with its own error; the others still commit. If storage fails (locked,
   * read-only, full, I/O error) nothing of the group is kept and every job of
   * it rejects with that error.
   */
  run<T>(job: WriteJob<DB, T>): Promise<T>;
  /**
   * run(), for a job whose first write is a row that one statement can write for several jobs (a lead
   * and its notification). When other jobs of its group share `statement`, it runs once for all their
   * rows, in the order queued, before the jobs run, and `job` is given what came back for its row.
   * `job` is given undefined, and writes its row itself, when it is alone in its group, when the group
   * is written again job by job, and when the statement did not write its row.
   */
  runSharing<R, I, T>(
    statement: SharedStatement<DB, R, I>,
    row: R,
    job: (trx: Transaction<DB>, shared: I | undefined) => Promise<T>,
  ): Promise<T>;
  /** Resolves when everything queued so far has been written (or has failed). */
  flush(): Promise<void>;
  /** Writes what is queued, then refuses new jobs. */
  close(): Promise<void>;
  /** Whether the latest group failed because storage was unavailable (and none has committed since). */
  failing(): boolean;
}

export interface WriteQueueOptions {
  /** The most jobs in one transaction, which bounds how long one commit holds the event loop. */
  maxBatch?: number;
  /** Told how big each committed group was (for tests and metrics). */
  onCommit?: (jobs: number) => void;
  /**
   * Errors after which the whole group is written again, a little later (PostgreSQL's deadlock and
   * serialization failures: the group was undone because another instance wrote at the same time).
   */
  retryable?: (error: unknown) => boolean;
  /**
   * How many groups may be written at once, each in its own transaction (1, the default: SQLite has
   * one writer). On PostgreSQL a few groups on as many connections overlap their round trips and
   * their commits; order between two groups is then not kept, as it was not with a transaction each.
   */
  concurrency?: number;
}

/** How many times a group undone by a retryable error is written in all. */
const ATTEMPTS = 8;

interface Pending<DB> {
  job: WriteJob<DB, unknown>;
  sharing?: Sharing<DB>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class WriteQueueClosedError extends Error {
  override name = 'WriteQueueClosedError';
  /** Counted as "storage unavailable" (503): the server is shutting down. */
  readonly code = 'STORAGE_CLOSED';
  constructor() {
    super('The database is closing; nothing more can be written.');
  }
}

/** Whether an error is the group's rather than one job's: storage failed, or the group must run again. */
type GroupError = (error: unknown) => boolean;

/** A job in its own savepoint: its failure undoes it alone, unless it is the group's. */
async function runIsolated<DB>(
  trx: ControlledTransaction<DB>,
  job: WriteJob<DB, unknown>,
  groupError: GroupError,
): Promise<Outcome> {
  const inSavepoint = await trx.savepoint('job').execute();
  try {
    const value = await job(inSavepoint);
    await inSavepoint.releaseSavepoint('job').execute();
    return { ok: true, value };
  } catch (error) {
    if (groupError(error)) throw error;
    await inSavepoint.rollbackToSavepoint('job').execute();
    await inSavepoint.releaseSavepoint('job').execute();
    return { ok: false, error };
  }
}

/** One transaction over the batch; throws (after rolling back) if a job or the commit fails. */
async function attempt<DB>(
  db: Kysely<DB>,
  batch: Pending<DB>[],
  groupError: GroupError | undefined,
): Promise<Outcome[]> {
  const trx = await db.startTransaction().execute();
  try {
    const outcomes: Outcome[] = [];
    // Job by job (groupError): each writes its own row, so that a bad one is undone alone.
    const shared = groupError ? [] : await runSharedStatements(trx, batch);
    for (const [index, { job }] of batch.entries()) {
      outcomes.push(
        groupError
          ? await runIsolated(trx, job, groupError)
          : { ok: true, value: await job(trx, shared[index]) },
      );
    }
    await trx.commit().execute();
    return outcomes;
  } catch (error) {
    // SQLite may already have rolled back (disk full, I/O error); the rollback then
    // fails, which does not matter: it still releases the connection.
    if (!trx.isCommitted)
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
    throw error;
  }
}

/** attempt(), again after a retryable error, apart a little later each time so that two groups that collided do not collide again. */
async function attemptRetrying<DB>(
  db: Kysely<DB>,
  batch: Pending<DB>[],
  isolate: boolean,
  retryable: (error: unknown) => boolean,
): Promise<Outcome[]> {
  const groupError = (error: unknown) => isStorageUnavailable(error) || retryable(error);
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(db, batch, isolate ? groupError : undefined);
    } catch (error) {
      if (!retryable(error) || tries >= ATTEMPTS) throw error;
      await pause(Math.random() * 5 * tries);
    }
  }
}

/** Answers each job of a committed group with its own outcome. */
function settle<DB>(batch: readonly Pending<DB>[], outcomes: readonly Outcome[]) {
  batch.forEach((pending, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) pending.resolve(outcome.value);
    else pending.reject(outcome?.error);
  });
}

/**
 * Group commit. With synchronous=FULL every commit waits for the disk
 * (fsync), and with SQLite it also holds the event loop meanwhile. Instead of
 * one transaction per write, jobs that arrive while a commit is running (or in
 * the same turn of the event loop) are written together in one transaction,
 * with one fsync for the group. Every caller is answered only after that
 * commit, so nothing is reported written before it is durable, exactly as
 * with one transaction each; under load there are simply fewer, larger
 * commits. If one job fails, the group is written again with each job in its
 * own savepoint, so that job alone is undone.
 *
 * The same on PostgreSQL (docs/decisions/038-postgres-group-commit.md): one transaction per lead from the pool
 * meant one fsync and four round trips per lead; a group is one BEGIN, one
 * COMMIT and one fsync for all its leads, on one connection, with a few groups
 * at once (`concurrency`). A job that reads before it writes still takes
 * `storage.lock`: jobs of one group share the transaction, whose advisory locks
 * are its own, so the second of two jobs with one key sees the first's rows;
 * another group, of this instance or another, waits. Two groups that lock in
 * opposite orders deadlock; PostgreSQL undoes one (40P01) and `retryable`
 * writes it again.
 */
export function createWriteQueue<DB>(db: Kysely<DB>, options: WriteQueueOptions = {}): WriteQueue<DB> {
  const maxBatch = options.maxBatch ?? 128;
  const retryable = options.retryable ?? (() => false);
  const concurrency = options.concurrency ?? 1;
  const queue: Pending<DB>[] = [];
  let scheduled = false;
  /** Groups being written now. */
  let writing = 0;
  let closed = false;
  let storageFailing = false;
  const idle: (() => void)[] = [];

  async function writeBatch(batch: Pending<DB>[]) {
    let outcomes: Outcome[];
    try {
      // The common case, every job fine: one statement less per job than with savepoints.
      outcomes = await attemptRetrying(db, batch, false, retryable);
    } catch (error) {
      if (isStorageUnavailable(error) || batch.length === 1) {
        if (isStorageUnavailable(error)) storageFailing = true;
        for (const pending of batch) pending.reject(error);
        return;
      }
      // A job failed and took the batch down with it: again, each job in its own savepoint.
      try {
        outcomes = await attemptRetrying(db, batch, true, retryable);
      } catch (retryError) {
        for (const pending of batch) pending.reject(retryError);
        return;
      }
    }
    storageFailing = false;
    options.onCommit?.(batch.length);
    settle(batch, outcomes);
  }

  function schedule() {
    if (scheduled || writing >= concurrency || queue.length === 0) return;
    scheduled = true;
    // After the I/O of this turn of the event loop: requests that arrived together commit together.
    setImmediate(() => {
      scheduled = false;
      writing++;
      void writeBatch(queue.splice(0, maxBatch)).finally(() => {
        writing--;
        schedule();
        if (queue.length === 0 && writing === 0) for (const resolve of idle.splice(0)) resolve();
      });
      schedule();
    });
  }

  function flush(): Promise<void> {
    if (queue.length === 0 && writing === 0 && !scheduled) return Promise.resolve();
    return new Promise((resolve) => idle.push(resolve));
  }

  function enqueue<T>(job: WriteJob<DB, T>, sharing?: Sharing<DB>): Promise<T> {
    if (closed) return Promise.reject(new WriteQueueClosedError());
    return new Promise<T>((resolve, reject) => {
      queue.push({ job, sharing, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  }

  return {
    run: (job) => enqueue(job),
    runSharing: (statement, row, job) =>
      enqueue((trx, shared) => job(trx, shared as Parameters<typeof job>[1]), { statement, row }),
    flush,
    async close() {
      closed = true;
      await flush();
    },
    failing: () => storageFailing,
  };
}
