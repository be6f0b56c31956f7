import type { Storage } from '../db/database.ts';
import type { JobRecords } from './job-runner.ts';
import type { JobOutcome, JobStatus } from './job-status.ts';
import './job-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { JobTables } from './job-tables.ts';

/** The jobs' last runs in the database (job_runs): written by the runner, read by `npm run jobs -- list`. */
export function jobRecords(storage: Pick<Storage, 'db' | 'write'>): JobRecords & {
  list(): Promise<JobStatus[]>;
} {
  return {
    async save(status) {
      if (!status.lastRunAt || !status.outcome) return;
      const row = {
        name: status.name,
        schedule: status.schedule,
        runs_on: status.where,
        last_run_at: status.lastRunAt.toISOString(),
        outcome: status.outcome,
        error: status.error,
      };
      await storage.write.run((trx) =>
        tablesOf<JobTables>(trx)
          .insertInto('job_runs')
          .values(row)
          .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
          .execute(),
      );
    },
    async list() {
      const rows = await tablesOf<JobTables>(storage.db)
        .selectFrom('job_runs')
        .selectAll()
        .orderBy('name')
        .execute();
      return rows.map((row) => ({
        name: row.name,
        schedule: row.schedule,
        where: row.runs_on,
        lastRunAt: new Date(row.last_run_at),
        outcome: row.outcome as JobOutcome,
        error: row.error,
      }));
    },
  };
}
