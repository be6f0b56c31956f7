import type { Kysely, Migration } from 'kysely';
import './job-tables.ts';

/** The jobs' last runs (job-tables.ts), the same on both databases. */
async function createJobRuns(db: Kysely<unknown>) {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('schedule', 'text', (column) => column.notNull())
    .addColumn('runs_on', 'text', (column) => column.notNull())
    .addColumn('last_run_at', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('error', 'text')
    .execute();
}

export const jobMigrations: Record<string, Migration> = {
  '2026-11-29-900-job-runs': { up: createJobRuns },
};

export const jobPostgresMigrations: Record<string, Migration> = {
  '2026-11-29-900-job-runs': { up: createJobRuns },
};
