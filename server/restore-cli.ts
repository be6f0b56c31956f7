/**
 * `npm run restore -- <file>`: puts a backup in place of the database. Refuses
 * while a server holds the database; checks the backup first; keeps the
 * current database aside. Reads the same environment as the server.
 */
import { ConfigError, loadConfig } from './config.ts';
import { restoreBackup } from './ops/backups.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error(
    'Usage: npm run restore -- <backup file>   (e.g. data/backups/site-2026-11-24T09-00-00-000Z.db)',
  );
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    const report = restoreBackup({
      file,
      databasePath: config.database.path,
      mailDir: config.mail.dir,
      at: new Date(),
    });
    const counts = Object.entries(report.counts).map(([table, rows]) => `  ${table}: ${rows}`);
    process.stdout.write(
      [
        `Restored ${file} to ${config.database.path}:`,
        ...counts,
        report.keptAside
          ? `The database that was there is kept as ${report.keptAside}.`
          : 'There was no database before.',
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
