import type { ProcessCommand } from '../cli/command.ts';
import { backupTargetOf } from '../db/backup-target.ts';
import { pruneBackups, restoreBackup, takeBackup } from './backups.ts';
import { restorePostgresBackup, takePostgresBackup } from './postgres-backups.ts';
import { describeDatabaseUrl } from './postgres-programs.ts';

/**
 * `npm run backup`: an online, checked copy of the database (and the .eml files) into BACKUP_DIR, while
 * the server keeps running (with DATABASE_URL, a pg_dump file checked with pg_restore --list); then, as
 * the server's own backups do, keeps the newest BACKUP_KEEP of this database's kind (so backups taken by
 * a timer with BACKUP_INTERVAL_HOURS=0 do not pile up). Its arguments are not read.
 */
export const backupCommand: ProcessCommand = {
  name: 'backup',
  opens: 'itself',
  failure: 'backup failed',
  async run(_args, { loadConfig, io, now }) {
    const config = loadConfig();
    // The backup server/db names for this database (db/backup-target.ts); ops never reads DATABASE_URL.
    const target = backupTargetOf(config.database);
    const where = { mailDir: config.mail.dir, backupDir: config.backup.dir, at: now };
    const report =
      target.kind === 'dump'
        ? await takePostgresBackup({ url: target.url, ...where })
        : takeBackup({
            databasePath: target.databasePath,
            busyTimeoutMs: Math.max(target.busyTimeoutMs, 10_000),
            ...where,
          });
    const removed = pruneBackups(config.backup.dir, config.backup.keep, target.kind);
    const counts = Object.entries(report.counts).map(([table, rows]) => `  ${table}: ${rows}`);
    io.out(
      [
        `Backup checked (${report.check}): ${report.file} (${Math.ceil(report.bytes / 1024)} KiB)`,
        ...counts,
        report.mailCopy
          ? `Emails: ${report.mailFiles} .eml files in ${report.mailCopy}`
          : 'Emails: no .eml files to copy',
        ...(removed.length > 0
          ? [
              `Deleted ${removed.length} older backup${removed.length === 1 ? '' : 's'} (BACKUP_KEEP=${config.backup.keep}): ${removed.join(', ')}`,
            ]
          : []),
        '',
      ].join('\n'),
    );
    return 0;
  },
};

const RESTORE_USAGE =
  'Usage: npm run restore -- <backup file>   (e.g. data/backups/site-2026-11-24T09-00-00-000Z.db,\n' +
  '       or …Z.dump with DATABASE_URL: restored into an empty database)\n';

/**
 * `npm run restore -- <file>`: puts a backup in place of the database. Refuses while a server holds the
 * database; checks the backup first; keeps the current database aside. With DATABASE_URL, restores a
 * pg_dump file into an empty database (and refuses any other).
 */
export const restoreCommand: ProcessCommand = {
  name: 'restore',
  opens: 'itself',
  failure: 'restore refused',
  async run([file], { loadConfig, io, now }) {
    if (!file || file.startsWith('-')) {
      io.err(RESTORE_USAGE);
      return 2;
    }
    const config = loadConfig();
    const target = backupTargetOf(config.database);
    const mailDir = config.mail.dir;
    const report =
      target.kind === 'dump'
        ? await restorePostgresBackup({ file, url: target.url, mailDir })
        : restoreBackup({ file, databasePath: target.databasePath, mailDir, at: now });
    const counts = Object.entries(report.counts).map(([table, rows]) => `  ${table}: ${rows}`);
    io.out(
      [
        `Restored ${file} to ${target.kind === 'dump' ? describeDatabaseUrl(target.url) : target.databasePath}:`,
        ...counts,
        ...(target.kind === 'dump'
          ? []
          : [
              report.keptAside
                ? `The database that was there is kept as ${report.keptAside}.`
                : 'There was no database before.',
            ]),
        `Emails: ${report.mailFiles} .eml files put back in ${config.mail.dir}.`,
        'Start the server again.',
        '',
      ].join('\n'),
    );
    return 0;
  },
};
