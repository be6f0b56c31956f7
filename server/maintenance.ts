import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.ts';
import type { Storage } from './db/database.ts';
import { removeMailFiles } from './mail/mailer.ts';
import { takeBackupInBackground } from './ops/backup-in-background.ts';
import { backupKindOf, listBackups, pruneBackups, type BackupReport } from './ops/backups.ts';
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
}

/** Timers that never keep the process alive, all ended by `stop` (after which `later` does nothing). */
function unrefTimers() {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  return {
    later(delayMs: number, task: () => Promise<void> | void) {
      if (stopped) return;
      const timer = setTimeout(async () => {
        timers.delete(timer);
        await task();
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** On a thread of its own (SQLite) or in pg_dump's process: the server keeps answering meanwhile. */
function copyNow(config: Config, at: Date): Promise<BackupReport> {
  const { url } = config.database;
  const where = { mailDir: config.mail.dir, backupDir: config.backup.dir, at };
  if (url) return takePostgresBackup({ url, ...where });
  return takeBackupInBackground({
    databasePath: config.database.path,
    busyTimeoutMs: config.database.busyTimeoutMs,
    ...where,
  });
}

/**
 * What the running server does by itself: a backup every
 * BACKUP_INTERVAL_HOURS (keeping BACKUP_KEEP), and deleting what has been spam
 * for SPAM_RETENTION_DAYS, once at start and then daily. Timers never keep the
 * process alive; `stop` ends them. Each task runs under storage.exclusively
 * (on PostgreSQL an advisory lock): of several instances on one database, one
 * runs it at a time, and the others let it be.
 */
export function startMaintenance({ config, leads, storage, log, now }: MaintenanceOptions) {
  const { later, stop } = unrefTimers();
  // Only this database's kind: a SQLite file left from before db:copy is no backup of PostgreSQL.
  const kind = backupKindOf(config.database);
  let lastBackupAt: Date | null = listBackups(config.backup.dir, kind)[0]?.at ?? null;

  async function backUp() {
    try {
      const report = await storage.exclusively('maintenance:backup', async () => {
        // Another instance sharing BACKUP_DIR may have taken one just now, while this one waited.
        const newest = listBackups(config.backup.dir, kind)[0]?.at;
        if (newest && now().getTime() - newest.getTime() < config.backup.intervalMs / 2) {
          lastBackupAt = newest;
          return undefined;
        }
        return copyNow(config, now());
      });
      if (report) {
        lastBackupAt = report.at;
        const removed = pruneBackups(config.backup.dir, config.backup.keep, kind);
        log.info({ file: report.file, bytes: report.bytes, counts: report.counts, removed }, 'backup taken');
      } else {
        log.info('backup left to another instance');
      }
    } catch (error) {
      log.error({ err: error }, 'backup failed: check BACKUP_DIR and the disk, or run npm run backup');
    }
    later(config.backup.intervalMs, backUp);
  }

  /**
   * Deletes the leads marked as spam more than SPAM_RETENTION_DAYS ago, with any .eml files; returns how
   * many leads went. On schedule it lets another instance's purge be (undefined); asked now, it waits for it.
   */
  function purge({ wait }: { wait: boolean }): Promise<number | undefined> {
    const task = async () => {
      const removed = await leads.purgeSpamOlderThan(new Date(now().getTime() - config.spamRetentionMs));
      removeMailFiles(config.mail.dir, removed.messageIds);
      if (removed.ids.length > 0) log.info({ removed: removed.ids.length }, 'old spam deleted');
      return removed.ids.length;
    };
    return storage.exclusively('maintenance:spam-purge', task, { wait });
  }

  /** Purges now, after any purge already running (this instance's scheduled one, or another's). */
  async function purgeSpamNow(): Promise<number> {
    return (await purge({ wait: true })) ?? 0;
  }

  async function purgeSpam() {
    try {
      await purge({ wait: false });
    } catch (error) {
      log.warn({ err: error }, 'old spam could not be deleted now; trying again tomorrow');
    }
    later(DAY_MS, purgeSpam);
  }

  if (config.backup.intervalMs > 0) {
    const due = lastBackupAt ? lastBackupAt.getTime() + config.backup.intervalMs - now().getTime() : 0;
    later(Math.max(FIRST_BACKUP_DELAY_MS, due), backUp);
  }
  if (config.spamRetentionMs > 0) later(0, purgeSpam);

  return {
    lastBackupAt: () => lastBackupAt,
    purgeSpamNow,
    stop,
  };
}

export type Maintenance = ReturnType<typeof startMaintenance>;
