/**
 * Backups with DATABASE_URL: `pg_dump --format=custom` files in BACKUP_DIR,
 * named as the SQLite ones are (`site-<time>.dump`), checked with
 * `pg_restore --list`, restored with pg_restore into an empty database.
 */
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { exportPostgresSnapshot, postgresTables } from '../db/postgres-catalog.ts';
import {
  copyMail,
  discardBackup,
  finishBackup,
  stampOf,
  type BackupReport,
  type RestoreReport,
} from './backups.ts';
import {
  checkDumpVersion,
  connectionFor,
  describeDatabaseUrl,
  findPostgresProgram,
  programMajorVersion,
  runProgram,
} from './postgres-programs.ts';
import { ensurePrivateDir, PRIVATE_FILE } from '../db/private-files.ts';

export interface PostgresBackupOptions {
  url: string;
  mailDir: string;
  backupDir: string;
  at: Date;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function countRows(client: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table)}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Checks a dump with `pg_restore --list`: it must be a custom-format archive
 * of this site's database (it has the migrations' table) holding the data of
 * each of the given tables. Throws otherwise.
 */
async function checkDumpFile(file: string, tables: string[] = []): Promise<void> {
  const pgRestore = findPostgresProgram('pg_restore');
  let listing: string;
  try {
    listing = (await runProgram(pgRestore, ['--list', file])).stdout;
  } catch (error) {
    throw new Error(
      `${file} is not a readable pg_dump backup (${(error as Error).message}). A SQLite backup (.db) is restored without DATABASE_URL; to move a SQLite site, use npm run db:copy.`,
    );
  }
  if (!/ TABLE \S+ kysely_migration /.test(listing))
    throw new Error(`${file} is not a backup of this site (it has no migrations).`);
  const lines = listing.split('\n');
  const missing = tables.filter(
    (table) => !lines.some((line) => / TABLE DATA \S+ /.test(line) && line.includes(` ${table} `)),
  );
  if (missing.length > 0) throw new Error(`${file} lacks the data of ${missing.join(', ')}.`);
}

/**
 * An online, consistent backup while the servers keep taking leads: the rows
 * are counted in one snapshot, which pg_dump then dumps (--snapshot), so the
 * counts are the file's. The file is private from its first byte, checked
 * with pg_restore --list, and the .eml files go along beside it.
 */
export async function takePostgresBackup({
  url,
  mailDir,
  backupDir,
  at,
}: PostgresBackupOptions): Promise<BackupReport> {
  const pgDump = findPostgresProgram('pg_dump');
  const dumpMajor = await programMajorVersion(pgDump);
  ensurePrivateDir(backupDir);
  const file = join(backupDir, `site-${stampOf(at)}.dump`);
  writeFileSync(file, '', { mode: PRIVATE_FILE, flag: 'wx' });
  const client = await connect(url).catch((error: unknown) => {
    rmSync(file, { force: true });
    throw error;
  });
  try {
    await client.query('begin isolation level repeatable read read only');
    const { snapshot, major } = await exportPostgresSnapshot(client);
    checkDumpVersion(pgDump, dumpMajor, major);
    const tables = await postgresTables(client);
    const counts = await countRows(client, tables);
    const { dbname, env } = connectionFor(url);
    await runProgram(
      pgDump,
      ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('commit');
    chmodSync(file, PRIVATE_FILE);
    await checkDumpFile(file, tables);
    return finishBackup(file, mailDir, { check: 'pg_restore --list ok', counts, at });
  } catch (error) {
    discardBackup(file);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface PostgresRestoreOptions {
  file: string;
  url: string;
  mailDir: string;
}

/**
 * Restores a dump into an empty database (a new one: createdb), in one
 * transaction: all or nothing. Refuses a database that has any table, so
 * that nothing is ever overwritten; the .eml files of the backup go back into MAIL_DIR.
 */
export async function restorePostgresBackup({
  file,
  url,
  mailDir,
}: PostgresRestoreOptions): Promise<RestoreReport> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  await checkDumpFile(file);
  const pgRestore = findPostgresProgram('pg_restore');
  const client = await connect(url);
  try {
    const present = await postgresTables(client);
    if (present.length > 0) {
      throw new Error(
        `The database ${describeDatabaseUrl(url)} is not empty (it has ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}). Restore into a new, empty database (createdb), with DATABASE_URL set to it, and start the servers on it afterwards.`,
      );
    }
    const { dbname, env } = connectionFor(url);
    await runProgram(
      pgRestore,
      ['--no-owner', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${dbname}`, file],
      env,
    );
    const counts = await countRows(client, await postgresTables(client));
    let mailFiles = 0;
    const mailCopy = `${file}.mail`;
    if (existsSync(mailCopy)) {
      mkdirSync(mailDir, { recursive: true });
      mailFiles = copyMail(mailCopy, mailDir);
    }
    return { counts, keptAside: undefined, mailFiles };
  } finally {
    await client.end().catch(() => undefined);
  }
}
