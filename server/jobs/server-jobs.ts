import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/database.ts';
import { jobRecords } from './job-records.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every scheduled job of this server (decision 055); `npm run jobs -- list` prints them. */
    jobs: JobRunner;
  }
}

/**
 * The server's job runner: jobs of one instance take their lock from the database, and each job's last
 * run is written to job_runs. Closing the app stops every job (after the parts that stop their own).
 */
export function addJobRunner(
  app: FastifyInstance,
  storage: Pick<Storage, 'db' | 'write' | 'exclusively'>,
  now: () => Date,
): JobRunner {
  const jobs = createJobRunner({
    log: app.log.child({ component: 'jobs' }),
    lease: storage,
    records: jobRecords(storage),
    now,
  });
  app.decorate('jobs', jobs);
  return jobs;
}
