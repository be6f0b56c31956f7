import type SQLite from 'better-sqlite3';
import { openSqlite } from './sqlite-open.ts';

/*
 * What backups and db:copy read of a SQLite file apart from a running Storage (a backup, the file a
 * site moves from): the SQL only SQLite understands (PRAGMA, sqlite_master, VACUUM INTO) lives here.
 */

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Whether the file has a table of this name. */
export function sqliteHasTable(db: SQLite.Database, name: string): boolean {
  return Boolean(
    db.prepare(`select count(*) from sqlite_master where type = 'table' and name = ?`).pluck().get(name),
  );
}

/**
 * Checks a database file: SQLite's integrity check must say "ok", and it must
 * be one of this site's (it has the migrations' table). Returns the rows of
 * each table. Throws otherwise.
 */
export function checkDatabaseFile(file: string): Record<string, number> {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table'
           AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND name NOT LIKE '%_search_%'
         ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    if (!sqliteHasTable(db, 'kysely_migration'))
      throw new Error(`${file} is not a database of this site (it has no migrations).`);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      counts[table] = db
        .prepare(`SELECT count(*) FROM ${quoted(table)}`)
        .pluck()
        .get() as number;
    }
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Copies one snapshot of the database into `file` (an empty file, whose mode it keeps): `VACUUM INTO`
 * from a read-only connection, while writers go on (WAL), waiting at most `busyTimeoutMs` for a lock.
 */
export function copySqliteSnapshot(databasePath: string, file: string, busyTimeoutMs: number): void {
  const source = openSqlite(databasePath, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
  try {
    source.prepare('VACUUM INTO ?').run(file);
  } finally {
    source.close();
  }
}

/** A table of the file, with the columns it stores (not generated ones, which the database computes). */
export interface SqliteStoredTable {
  name: string;
  columns: string[];
}

/** The file's own tables: no SQLite internals, no search index (virtual, shadow), no migrator's, none of `left`. */
export function sqliteStoredTables(db: SQLite.Database, left: readonly string[]): SqliteStoredTable[] {
  const list = db.pragma('table_list') as { schema: string; name: string; type: string }[];
  return list
    .filter(
      (entry) =>
        entry.schema === 'main' &&
        entry.type === 'table' &&
        !entry.name.startsWith('sqlite_') &&
        !entry.name.startsWith('kysely_migration') &&
        !left.includes(entry.name),
    )
    .map(({ name }) => {
      const columns = db.pragma(`table_xinfo(${quoted(name)})`) as { name: string; hidden: number }[];
      return { name, columns: columns.filter((column) => column.hidden === 0).map((column) => column.name) };
    });
}

/** The last id SQLite's AUTOINCREMENT gave in each table that has one (sqlite_sequence). */
export function sqliteSequences(db: SQLite.Database): Map<string, number> {
  if (!sqliteHasTable(db, 'sqlite_sequence')) return new Map();
  const rows = db.prepare('select name, seq from sqlite_sequence').all() as { name: string; seq: number }[];
  return new Map(rows.map((row) => [row.name, row.seq]));
}
