import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../db/database.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import { createJob, type Job, type JobDefinition } from './job.ts';
import { describePlacement, describeSchedule, type JobStatus } from './job-status.ts';

/** Where the runner keeps each job's last run, for `npm run jobs -- list` in another process. */
export interface JobRecords {
  save(status: JobStatus): Promise<void>;
}

export interface JobRunnerOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'> & Partial<Pick<FastifyBaseLogger, 'debug'>>;
  /** The lock a job of one instance runs under (a PostgreSQL advisory lock; on SQLite one process runs). */
  lease?: Pick<Storage, 'exclusively'> | undefined;
  /** Without it the last runs stay in memory (a test, a command). */
  records?: JobRecords | undefined;
  now?: () => Date;
}

/** A run's record is written when its outcome changes, or at most this often when it does not. */
export const RECORD_EVERY_MS = 60_000;

/** The jobs of this process, by name (decision 055): each with its schedule, where it runs, its last run. */
export interface JobRunner {
  /** Adds a job (stopped until its start()); a job of the same name is replaced. */
  add<T>(definition: JobDefinition<T>): Job<T>;
  /** Every job, with its last run in this process. */
  list(): JobStatus[];
  /** Stops every job and waits for the runs under way. */
  stop(): Promise<void>;
}

/** When nobody says where runs of one instance are locked: this process is the only one. */
const noLease: Pick<Storage, 'exclusively'> = { exclusively: async (_name, task) => task() };

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { log, records } = options;
  const now = options.now ?? (() => new Date());
  const jobs = new Map<string, { job: Job<unknown>; status: JobStatus }>();
  const written = new Map<string, { at: number; outcome: JobStatus['outcome'] }>();

  /** Keeps the run; writes it when its outcome changed or the last write is old. */
  async function recorded(status: JobStatus) {
    if (!records || !status.lastRunAt) return;
    const last = written.get(status.name);
    const at = status.lastRunAt.getTime();
    if (last && last.outcome === status.outcome && at - last.at < RECORD_EVERY_MS) return;
    written.set(status.name, { at, outcome: status.outcome });
    await records.save({ ...status }).catch((error: unknown) => {
      written.delete(status.name);
      log.debug?.({ err: error, job: status.name }, 'the job run could not be recorded');
    });
  }

  return {
    add<T>(definition: JobDefinition<T>): Job<T> {
      const status: JobStatus = {
        name: definition.name,
        schedule: describeSchedule(definition),
        where: describePlacement(definition.where),
        lastRunAt: null,
        outcome: null,
        error: null,
      };
      const job = createJob(definition, {
        lease: options.lease ?? noLease,
        now,
        failed: definition.failed ?? defaultFailure(log, definition.name),
        ran: (run) => {
          Object.assign(status, run);
          return recorded(status);
        },
      });
      void jobs.get(definition.name)?.job.stop();
      jobs.set(definition.name, { job: job as Job<unknown>, status });
      return job;
    },
    list: () => [...jobs.values()].map(({ status }) => ({ ...status })),
    async stop() {
      await Promise.all([...jobs.values()].map(({ job }) => job.stop()));
    },
  };
}

/** A database that cannot be reached is a warning (it comes back); anything else an error. */
function defaultFailure(log: JobRunnerOptions['log'], name: string) {
  return (error: unknown) => {
    if (isStorageUnavailable(error)) log.warn({ err: error }, `${name}: database unavailable`);
    else log.error({ err: error }, `${name}: the run failed`);
  };
}
