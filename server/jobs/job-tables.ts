/**
 * Each job's last run, of any instance (server/jobs/, decision 055): written by the runner, read by
 * `npm run jobs -- list` in another process. One row a job, replaced as runs end.
 */
interface JobRunsTable {
  /** The job's name in the runner, e.g. "outbox-mail". */
  name: string;
  /** How often it runs, as the list prints it ("every 1 min, first at start"). */
  schedule: string;
  /** Where it runs: "each instance", or "one instance (…)". */
  runs_on: string;
  /** When the last run started (ISO 8601 UTC). */
  last_run_at: string;
  /** "ok", "failed" or "skipped" (left to the instance holding the lock). */
  outcome: string;
  /** A failed run's message; null otherwise. */
  error: string | null;
}

/** The job runner's tables, as it views the database (tablesOf, docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface JobTables {
  job_runs: JobRunsTable;
}
