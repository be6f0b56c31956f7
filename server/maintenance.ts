import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { removeMailFiles } from './mail/mailer.ts';
import { takeBackupInBackground } from './ops/backup-in-background.ts';
import { listBackups, pruneBackups } from './ops/backups.ts';
import type { LeadRetention } from './quote/lead-retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first backup of a server that has none waits this long, so a crash loop cannot fill the disk. */
const FIRST_BACKUP_DELAY_MS = 60_000;

export interface MaintenanceOptions {
  config: Config;
  leads: LeadRetention;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * What the running server does by itself: a backup every
 * BACKUP_INTERVAL_HOURS (keeping BACKUP_KEEP), and deleting what has been spam
 * for SPAM_RETENTION_DAYS, once at start and then daily. Timers never keep the
 * process alive; `stop` ends them.
 */
export function startMaintenance({ config, leads, log, now }: MaintenanceOptions) {
  const timers = new Set<NodeJS.Timeout>();
  let lastBackupAt: Date | null = listBackups(config.backup.dir)[0]?.at ?? null;

  let stopped = false;

  function later(delayMs: number, task: () => Promise<void> | void) {
    if (stopped) return;
    const timer = setTimeout(async () => {
      timers.delete(timer);
      await task();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  async function backUp() {
    try {
      // On a thread of its own: the server keeps answering while the copy is made and checked.
      const report = await takeBackupInBackground({
        databasePath: config.database.path,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: now(),
        busyTimeoutMs: config.database.busyTimeoutMs,
      });
      lastBackupAt = report.at;
      const removed = pruneBackups(config.backup.dir, config.backup.keep);
      log.info({ file: report.file, bytes: report.bytes, counts: report.counts, removed }, 'backup taken');
    } catch (error) {
      log.error({ err: error }, 'backup failed: check BACKUP_DIR and the disk, or run npm run backup');
    }
    later(config.backup.intervalMs, backUp);
  }

  /**
   * Deletes the leads marked as spam more than SPAM_RETENTION_DAYS ago, with any .eml files; returns how
   * many leads went.
   */
  async function purgeSpamNow(): Promise<number> {
    const removed = await leads.purgeSpamOlderThan(new Date(now().getTime() - config.spamRetentionMs));
    removeMailFiles(config.mail.dir, removed.messageIds);
    if (removed.ids.length > 0) log.info({ removed: removed.ids.length }, 'old spam deleted');
    return removed.ids.length;
  }

  async function purgeSpam() {
    try {
      await purgeSpamNow();
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
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Maintenance = ReturnType<typeof startMaintenance>;
