/**
 * What a backup, a restore and the last backup's date work on, read from the database's configuration
 * by the one layer that knows the two databases, without opening it: SQLite's file (backups are `.db`
 * copies of it, taken while its writer waits at most `busyTimeoutMs`), or PostgreSQL's server at
 * DATABASE_URL (backups are pg_dump's `.dump` archives). server/ops takes the backup the target names
 * and never reads DATABASE_URL itself (docs/decisions/062-commands-readiness-and-lead-hooks-in-the-definitions.md).
 */
export type BackupTarget =
  | { readonly kind: 'db'; readonly databasePath: string; readonly busyTimeoutMs: number }
  | { readonly kind: 'dump'; readonly url: string };

/**
 * Which database a backup is of, named by its file's extension: `db` for SQLite's files, `dump` for
 * pg_dump's of PostgreSQL. The last backup, the schedule and BACKUP_KEEP each count only the current
 * database's kind: after db:copy, the SQLite backups left in BACKUP_DIR are no backup of PostgreSQL.
 */
export type BackupKind = BackupTarget['kind'];

/** The database's configuration, as server/config reads it from the environment. */
interface DatabaseSettings {
  url?: string | undefined;
  path: string;
  busyTimeoutMs: number;
}

/** The backups' target of the configured database: PostgreSQL's with DATABASE_URL, the SQLite file's without. */
export function backupTargetOf({ url, path, busyTimeoutMs }: DatabaseSettings): BackupTarget {
  return url ? { kind: 'dump', url } : { kind: 'db', databasePath: path, busyTimeoutMs };
}

/** The kind of backup the configured database takes: pg_dump's with DATABASE_URL, SQLite's without. */
export const backupKindOf = (database: DatabaseSettings): BackupKind => backupTargetOf(database).kind;
