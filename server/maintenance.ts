import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.ts';
import type { Storage } from './db/database.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { removeMailFiles } from './mail/mailer.ts';
import { takeBackupInBackground } from './ops/backup-in-background.ts';
import { backupTargetOf } from './db/backup-target.ts';
import { listBackups, pruneBackups, type BackupReport } from './ops/backups.ts';
import { takePostgresBackup } from './ops/postgres-backups.ts';
import type { LeadRetention } from './leads/lead-retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first backup of a server that has none waits this long, so a crash loop cannot fill the disk. */
const FIRST_BACKUP_DELAY_MS = 60_000;

export interface MaintenanceOptions {
  config: Config;
  leads: LeadRetention;
  /** Where the tasks take their lock, so that of several instances on one database only one runs each. */
  storage: Pick<Storage, 'exclusively'>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The runner the tasks are jobs of, taking their locks from `storage` (a runner of their own without it). */
  jobs?: JobRunner | undefined;
}

/**
 * The backup server/db names for the database (db/backup-target.ts): SQLite's file copied on a thread
 * of its own, or PostgreSQL's dumped in pg_dump's process. The server keeps answering meanwhile.
 */
function copyNow(config: Config, at: Date): Promise<BackupReport> {
  const target = backupTargetOf(config.database);
  const where = { mailDir: config.mail.dir, backupDir: config.backup.dir, at };
  if (target.kind === 'dump') return takePostgresBackup({ url: target.url, ...where });
  return takeBackupInBackground({
    databasePath: target.databasePath,
    busyTimeoutMs: target.busyTimeoutMs,
    ...where,
  });
}

/**
 * What the running server does by itself, as jobs of the runner (`jobs`, or one of its own): a backup
 * every BACKUP_INTERVAL_HOURS (keeping BACKUP_KEEP), and deleting what has been spam for
 * SPAM_RETENTION_DAYS, once at start and then daily. Timers never keep the process alive; `stop` ends
 * them. Each runs under a lock (storage.exclusively, on PostgreSQL an advisory lock): of several
 * instances on one database, one runs it at a time, and the others let it be.
 */
export function startMaintenance({ config, leads, storage, log, now, jobs: runner }: MaintenanceOptions) {
  const jobs = runner ?? createJobRunner({ log, lease: storage, now });
  // Only this database's kind: a SQLite file left from before db:copy is no backup of PostgreSQL.
  const { kind } = backupTargetOf(config.database);
  let lastBackupAt: Date | null = listBackups(config.backup.dir, kind)[0]?.at ?? null;

  async function backUp() {
    // Another instance sharing BACKUP_DIR may have taken one just now, while this one waited.
    const newest = listBackups(config.backup.dir, kind)[0]?.at;
    if (newest && now().getTime() - newest.getTime() < config.backup.intervalMs / 2) {
      lastBackupAt = newest;
      log.info('backup left to another instance');
      return;
    }
    const report = await copyNow(config, now());
    lastBackupAt = report.at;
    const removed = pruneBackups(config.backup.dir, config.backup.keep, kind);
    log.info({ file: report.file, bytes: report.bytes, counts: report.counts, removed }, 'backup taken');
  }

  /** Deletes the leads marked as spam more than SPAM_RETENTION_DAYS ago, with any .eml files. */
  async function purge(): Promise<number> {
    const removed = await leads.purgeSpamOlderThan(new Date(now().getTime() - config.spamRetentionMs));
    removeMailFiles(config.mail.dir, removed.messageIds);
    if (removed.ids.length > 0) log.info({ removed: removed.ids.length }, 'old spam deleted');
    return removed.ids.length;
  }

  const backupJob = jobs.add({
    name: 'backup',
    everyMs: config.backup.intervalMs,
    firstMs: Math.max(
      FIRST_BACKUP_DELAY_MS,
      lastBackupAt ? lastBackupAt.getTime() + config.backup.intervalMs - now().getTime() : 0,
    ),
    where: { instances: 'one', lock: 'maintenance:backup' },
    run: backUp,
    failed: (error) =>
      log.error({ err: error }, 'backup failed: check BACKUP_DIR and the disk, or run npm run backup'),
    skipped: () => log.info('backup left to another instance'),
  });
  const purgeJob = jobs.add({
    name: 'spam-purge',
    everyMs: DAY_MS,
    firstMs: 0,
    where: { instances: 'one', lock: 'maintenance:spam-purge' },
    run: purge,
    failed: (error) => log.warn({ err: error }, 'old spam could not be deleted now; trying again tomorrow'),
  });
  if (config.backup.intervalMs > 0) backupJob.start();
  if (config.spamRetentionMs > 0) purgeJob.start();

  return {
    lastBackupAt: () => lastBackupAt,
    /** When the next scheduled backup is due (null while one is taken, or with BACKUP_INTERVAL_HOURS=0). */
    nextBackupAt: () => backupJob.nextRunAt(),
    /** Purges now, after any purge already running (this instance's scheduled one, or another's). */
    purgeSpamNow: async (): Promise<number> => (await purgeJob.runNow({ wait: true })) ?? 0,
    stop: async () => {
      await Promise.all([backupJob.stop(), purgeJob.stop()]);
    },
  };
}

export type Maintenance = ReturnType<typeof startMaintenance>;
