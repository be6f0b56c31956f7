/**
 * `npm run restore -- <file>`: puts a backup in place of the database. Refuses
 * while a server holds the database; checks the backup first; keeps the
 * current database aside. With DATABASE_URL, restores a pg_dump file into an
 * empty database (and refuses any other). Reads the same environment as the server.
 */
import { ConfigError, loadConfig } from '../config/config.ts';
import { restoreBackup } from '../ops/backups.ts';
import { restorePostgresBackup } from '../ops/postgres-backups.ts';
import { describeDatabaseUrl } from '../ops/postgres-programs.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error(
    'Usage: npm run restore -- <backup file>   (e.g. data/backups/site-2026-11-24T09-00-00-000Z.db,\n' +
      '       or …Z.dump with DATABASE_URL: restored into an empty database)',
  );
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    const url = config.database.url;
    const report = url
      ? await restorePostgresBackup({ file, url, mailDir: config.mail.dir })
      : restoreBackup({
          file,
          databasePath: config.database.path,
          mailDir: config.mail.dir,
          at: new Date(),
        });
    const counts = Object.entries(report.counts).map(([table, rows]) => `  ${table}: ${rows}`);
    process.stdout.write(
      [
        `Restored ${file} to ${url ? describeDatabaseUrl(url) : config.database.path}:`,
        ...counts,
        ...(url
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
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `restore refused: ${(error as Error).message ?? error}`,
    );
    process.exitCode = 1;
  }
}
