/**
 * `npm run backup`: an online, checked copy of the database (and the .eml
 * files) into BACKUP_DIR, while the server keeps running (with DATABASE_URL,
 * a pg_dump file checked with pg_restore --list); then, as the
 * server's own backups do, keeps the newest BACKUP_KEEP of this database's kind (so backups taken by
 * a timer with BACKUP_INTERVAL_HOURS=0 do not pile up). Reads the same
 * environment as the server. After a build: `node build/node/server/backup-cli.js`.
 */
import { ConfigError, loadConfig } from '../config/config.ts';
import { backupKindOf, pruneBackups, takeBackup } from '../ops/backups.ts';
import { takePostgresBackup } from '../ops/postgres-backups.ts';

try {
  const config = loadConfig();
  const report = config.database.url
    ? await takePostgresBackup({
        url: config.database.url,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date(),
      })
    : takeBackup({
        databasePath: config.database.path,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date(),
        busyTimeoutMs: Math.max(config.database.busyTimeoutMs, 10_000),
      });
  const removed = pruneBackups(config.backup.dir, config.backup.keep, backupKindOf(config.database));
  const counts = Object.entries(report.counts).map(([table, rows]) => `  ${table}: ${rows}`);
  process.stdout.write(
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
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `backup failed: ${(error as Error).message ?? error}`,
  );
  process.exitCode = 1;
}
