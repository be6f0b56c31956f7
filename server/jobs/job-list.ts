import type { StoreCommand } from '../cli/command.ts';
import { jobRecords } from './job-records.ts';
import type { CommandIo } from '../cli/cli-args.ts';
import { UsageError } from '../cli/cli-args.ts';
import { formatDuration, type JobStatus } from './job-status.ts';

export const JOBS_USAGE = `Usage: npm run jobs -- <command>

  list    each scheduled job of the server: its name, its schedule, where it runs (one instance
          under a lock or lease, or each instance), its last run (of any instance) and how it ended

The running server writes a job's last run when its outcome changes, and otherwise at most once a
minute (docs/decisions/055-one-job-runner.md). The database is DATABASE_PATH (default data/site.db).
`;

/** "ok", "failed: <why>", or "skipped" (another instance held the lock); "never run" before the first. */
function outcomeOf(status: JobStatus): string {
  if (!status.outcome) return 'never run';
  if (status.outcome === 'failed') return `failed: ${(status.error ?? '').replace(/\s+/g, ' ')}`;
  if (status.outcome === 'skipped') return 'skipped (another instance held the lock)';
  return 'ok';
}

/** When the last run started, in UTC, and how long before `now`. */
function lastRunOf(status: JobStatus, now: Date): string {
  if (!status.lastRunAt) return '-';
  const at = status.lastRunAt.toISOString().replace('T', ' ').slice(0, 19);
  const ago = Math.max(0, Math.round((now.getTime() - status.lastRunAt.getTime()) / 1000) * 1000);
  return `${at} UTC (${ago === 0 ? 'just now' : `${formatDuration(ago)} ago`})`;
}

/** The jobs as a table, one a line, columns padded to their widest cell (never cut: names of locks). */
function formatJobList(statuses: readonly JobStatus[], now: Date): string {
  if (statuses.length === 0)
    return 'No job has run on this database yet (the server records them as they run).\n';
  const header = ['JOB', 'SCHEDULE', 'RUNS ON', 'LAST RUN', 'OUTCOME'];
  const rows = statuses.map((status) => [
    status.name,
    status.schedule,
    status.where,
    lastRunOf(status, now),
    outcomeOf(status),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/** `npm run jobs -- list`: reads job_runs (the running server writes it). */
async function runJobsCommand(
  [command = '', ...rest]: string[],
  { list, io, now }: { list: () => Promise<JobStatus[]>; io: CommandIo; now: Date },
): Promise<number> {
  if (command !== 'list') throw new UsageError(`Unknown command "${command}".`);
  if (rest.length > 0) throw new UsageError(`list takes no arguments, got "${rest.join(' ')}".`);
  io.out(formatJobList(await list(), now));
  return 0;
}

/** `npm run jobs`: the server's scheduled jobs and their last runs. */
export const jobsCommand: StoreCommand<{ storage: Parameters<typeof jobRecords>[0] }> = {
  name: 'jobs',
  opens: 'stores',
  usage: JOBS_USAGE,
  run: (args, { stores, io, now }) =>
    runJobsCommand(args, { list: jobRecords(stores.storage).list, io, now }),
};
