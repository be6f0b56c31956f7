import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { checkDatabaseFile, copySqliteSnapshot } from '../db/sqlite-files.ts';
import { ensurePrivateDir, PRIVATE_FILE } from '../db/private-files.ts';
import type { BackupKind } from '../db/backup-target.ts';
import { serverHolding } from './server-lock.ts';

/** A SQLite file's check (server/db/sqlite-files.ts), which a backup and a restore pass. */
export { checkDatabaseFile };

/**
 * A backup's name, sortable by time: `site-2026-11-24T09-00-00-000Z.db` (a
 * SQLite file) or `…Z.dump` (pg_dump's custom format, with DATABASE_URL).
 */
const BACKUP_NAME = /^site-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.(db|dump)$/;

export interface BackupReport {
  /** The database copy. */
  file: string;
  /** The copy of the .eml files beside it, when there were any. */
  mailCopy: string | undefined;
  mailFiles: number;
  /** How the copy was checked: `integrity ok` (SQLite), `pg_restore --list ok` (PostgreSQL). */
  check: string;
  /** Rows of every table in the copy. */
  counts: Record<string, number>;
  bytes: number;
  at: Date;
}

export const stampOf = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

function backupPath(backupDir: string, at: Date): string {
  return join(backupDir, `site-${stampOf(at)}.db`);
}

/** Copies the .eml files (private, like the database) beside the backup. */
export function copyMail(mailDir: string, target: string): number {
  if (!existsSync(mailDir)) return 0;
  const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
  if (files.length === 0) return 0;
  ensurePrivateDir(target);
  for (const name of files) {
    cpSync(join(mailDir, name), join(target, name));
    chmodSync(join(target, name), PRIVATE_FILE);
  }
  return files.length;
}

/**
 * The report of a backup file that passed its check, once the .eml files are
 * copied beside it (`<file>.mail`); the same for SQLite's and PostgreSQL's.
 */
export function finishBackup(
  file: string,
  mailDir: string,
  details: Pick<BackupReport, 'check' | 'counts' | 'at'>,
): BackupReport {
  const mailCopy = `${file}.mail`;
  const mailFiles = copyMail(mailDir, mailCopy);
  return {
    file,
    ...details,
    mailCopy: mailFiles > 0 ? mailCopy : undefined,
    mailFiles,
    bytes: statSync(file).size,
  };
}

/** What a backup that failed part-way left: the file and its mail copy. */
export function discardBackup(file: string): void {
  rmSync(file, { force: true });
  rmSync(`${file}.mail`, { recursive: true, force: true });
}

export interface BackupOptions {
  databasePath: string;
  mailDir: string;
  backupDir: string;
  at: Date;
  /** How long to wait for a writer's lock (the running server's) before giving up. */
  busyTimeoutMs: number;
}

/**
 * An online, consistent copy of the database while the server keeps taking
 * leads: `VACUUM INTO` from a read-only connection copies one snapshot (WAL
 * mode: writers go on meanwhile), so every lead acknowledged before it started
 * is in it. Then the copy is checked (integrity, row counts) and the .eml
 * files go along in a folder beside it. Files 0600, folders 0700.
 */
export function takeBackup({
  databasePath,
  mailDir,
  backupDir,
  at,
  busyTimeoutMs,
}: BackupOptions): BackupReport {
  ensurePrivateDir(backupDir);
  const file = backupPath(backupDir, at);
  // VACUUM INTO writes into an empty file, keeping its mode: private from the first byte.
  writeFileSync(file, '', { mode: PRIVATE_FILE, flag: 'wx' });
  try {
    copySqliteSnapshot(databasePath, file, busyTimeoutMs);
    return finishBackup(file, mailDir, { check: 'integrity ok', counts: checkDatabaseFile(file), at });
  } catch (error) {
    discardBackup(file);
    throw error;
  }
}

/** The backups of one kind of database in the folder, newest first. */
export function listBackups(backupDir: string, kind: BackupKind): { file: string; at: Date }[] {
  if (!existsSync(backupDir)) return [];
  return readdirSync(backupDir)
    .flatMap((name) => {
      const [, stamp, extension] = BACKUP_NAME.exec(name) ?? [];
      if (!stamp || extension !== kind) return [];
      const iso = stamp.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z');
      return [{ file: join(backupDir, name), at: new Date(iso) }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * Keeps the newest `keep` backups of the kind (with their mail folders) and deletes the rest; returns
 * what went. The other kind's are left as they are: BACKUP_KEEP counts each kind on its own.
 */
export function pruneBackups(backupDir: string, keep: number, kind: BackupKind): string[] {
  const old = listBackups(backupDir, kind).slice(keep);
  for (const { file } of old) {
    rmSync(file, { force: true });
    rmSync(`${file}.mail`, { recursive: true, force: true });
  }
  return old.map(({ file }) => basename(file));
}

export interface RestoreOptions {
  file: string;
  databasePath: string;
  mailDir: string;
  at: Date;
}

export interface RestoreReport {
  counts: Record<string, number>;
  /** Where the database that was in place went (undefined when there was none). */
  keptAside: string | undefined;
  mailFiles: number;
}

/**
 * Puts a backup in place: refused while a server holds the database; the
 * backup is checked first; the current database (and its WAL) is kept aside,
 * never deleted; the .eml files of the backup go back into MAIL_DIR.
 */
export function restoreBackup({ file, databasePath, mailDir, at }: RestoreOptions): RestoreReport {
  const holder = serverHolding(databasePath);
  if (holder) {
    throw new Error(
      `A server (process ${holder.pid}) is using ${databasePath}. Stop it first (systemctl stop acme-site), then restore.`,
    );
  }
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  const counts = checkDatabaseFile(file);

  let keptAside: string | undefined;
  if (existsSync(databasePath)) {
    keptAside = `${databasePath}.before-restore-${stampOf(at)}`;
    renameSync(databasePath, keptAside);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(`${databasePath}${suffix}`))
        renameSync(`${databasePath}${suffix}`, `${keptAside}${suffix}`);
    }
  }
  ensurePrivateDir(join(databasePath, '..'));
  cpSync(file, databasePath);
  chmodSync(databasePath, PRIVATE_FILE);

  let mailFiles = 0;
  const mailCopy = `${file}.mail`;
  if (existsSync(mailCopy)) {
    mkdirSync(mailDir, { recursive: true });
    mailFiles = copyMail(mailCopy, mailDir);
  }
  return { counts, keptAside, mailFiles };
}
