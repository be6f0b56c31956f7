import type { Storage } from '../db/database.ts';

/** How the last run ended: done, failed (retried on schedule), or left to the instance holding the lock. */
export type JobOutcome = 'ok' | 'failed' | 'skipped';

/**
 * Where a job runs: in each instance, or in one at a time, either under a lock the runner holds for the
 * run (`lock`: storage.exclusively, a PostgreSQL advisory lock) or under a lease the job takes itself
 * (`lease`: what it is, e.g. the mailbox's lease in the database).
 */
export type JobPlacement =
  { instances: 'each' } | { instances: 'one'; lock: string } | { instances: 'one'; lease: string };

/** What a run is told: whether the job is stopping, and how to end its schedule (its work is done). */
interface JobContext {
  stopping(): boolean;
  finish(): void;
}

export interface JobDefinition<T> {
  name: string;
  /** The wait from the end of one run to the start of the next. */
  everyMs: number;
  /** The wait from start() to the first run; without it the first run starts within start(). */
  firstMs?: number | undefined;
  where: JobPlacement;
  run(context: JobContext): Promise<T>;
  /** How a failed scheduled run is logged (by default: database unavailable a warning, else an error). */
  failed?: ((error: unknown) => void) | undefined;
  /** Told when a scheduled run was left to the instance holding the lock. */
  skipped?: (() => void) | undefined;
}

/** One job of the runner (see JobRunner). */
export interface Job<T> {
  /** Starts the schedule (once: after stop() it does nothing). */
  start(): void;
  /** Asks for a run soon: at once (on a timer), or right after the scheduled run under way. */
  kick(): void;
  /**
   * Runs now, after the run under way (`join`: returns the run under way instead), and resolves to what
   * it returned (undefined when another instance holds the lock; `wait`: waits for that instance
   * instead). A failure rejects, and is recorded; the schedule goes on.
   */
  runNow(options?: { join?: boolean; wait?: boolean }): Promise<T | undefined>;
  /** Stops the schedule and waits for the run under way, if any. */
  stop(): Promise<void>;
  stopping(): boolean;
  /** When the next scheduled run is due; null while one runs, before start() and after stop(). */
  nextRunAt(): Date | null;
}

export interface JobDependencies {
  lease: Pick<Storage, 'exclusively'>;
  now: () => Date;
  failed: (error: unknown) => void;
  ran: (run: { lastRunAt: Date; outcome: JobOutcome; error: string | null }) => Promise<void>;
}

/** One run of the job, under its lock if it has one; the outcome goes to `ran`. */
function runner<T>(definition: JobDefinition<T>, context: JobContext, deps: JobDependencies) {
  const { where } = definition;
  return async (wait: boolean): Promise<{ ran: boolean; value: T | undefined }> => {
    const lastRunAt = deps.now();
    let ran = where.instances === 'each' || 'lease' in where;
    try {
      const value = ran
        ? await definition.run(context)
        : await deps.lease.exclusively(
            'lock' in where ? where.lock : definition.name,
            () => {
              ran = true;
              return definition.run(context);
            },
            { wait },
          );
      await deps.ran({ lastRunAt, outcome: ran ? 'ok' : 'skipped', error: null });
      return { ran, value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.ran({ lastRunAt, outcome: 'failed', error: message });
      throw error;
    }
  };
}

/**
 * A job's schedule: one run at a time (a run asked for during another waits for it), the next `everyMs`
 * after the end of the last; a failed run is logged and the next one is tried on time.
 */
export function createJob<T>(definition: JobDefinition<T>, deps: JobDependencies): Job<T> {
  let started = false;
  let stopped = false;
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt: Date | null = null;
  /** The runs asked for (`waiting` of them), one after the other; `current` the one under way. */
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let current: Promise<T | undefined> | undefined;
  let scheduledPass = false;
  let again = false;
  const context: JobContext = { stopping: () => stopped, finish: () => void (finished = true) };
  const once = runner(definition, context, deps);

  /** Starts the run at once when none is under way or asked for, else after the last one asked for. */
  function queue(wait: boolean): Promise<{ ran: boolean; value: T | undefined }> {
    const begin = () => {
      const run = once(wait);
      current = run.then(({ value }) => value);
      current.catch(() => undefined); // a failure is the caller's, or logged by the schedule
      return run.finally(() => {
        current = undefined;
        waiting--;
      });
    };
    const next = waiting++ === 0 ? begin() : tail.catch(() => undefined).then(begin);
    tail = next;
    return next;
  }
  function schedule(delayMs: number) {
    if (stopped || !started || finished) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
    dueAt = new Date(deps.now().getTime() + delayMs);
  }
  /** A scheduled run, and another at once for each kick during it; then the next on schedule. */
  function tick() {
    timer = undefined;
    dueAt = null;
    scheduledPass = true;
    void (async () => {
      do {
        again = false;
        await queue(false).then(({ ran }) => (ran ? undefined : definition.skipped?.()), deps.failed);
      } while (again && !stopped && !finished);
    })().finally(() => {
      scheduledPass = false;
      schedule(definition.everyMs);
    });
  }
  return {
    start() {
      if (started || stopped) return;
      started = true;
      if (definition.firstMs === undefined) tick();
      else schedule(definition.firstMs);
    },
    kick() {
      if (!started || stopped) return;
      if (scheduledPass) again = true;
      else schedule(0);
    },
    runNow: ({ join = false, wait = false } = {}) =>
      join && current ? current : queue(wait).then(({ value }) => value),
    async stop() {
      stopped = true;
      dueAt = null;
      clearTimeout(timer);
      await tail.catch(() => undefined);
      clearTimeout(timer);
    },
    stopping: () => stopped,
    nextRunAt: () => dueAt,
  };
}
