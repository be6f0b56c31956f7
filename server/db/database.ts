import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';

export interface Storage {
  db: Kysely<Database>;
  /** The underlying SQLite connection (for tests and the leads command). */
  sqlite: SQLite.Database;
  close: () => Promise<void>;
}

export interface OpenStorageOptions {
  path: string;
  busyTimeoutMs: number;
}

/**
 * Opens (creating if needed) the SQLite database and brings its schema up to
 * date. WAL with synchronous=FULL: once a transaction has committed, the lead
 * survives a crash or a power loss. This is the only SQLite-specific code; the
 * rest talks to Kysely.
 */
export async function openStorage({ path, busyTimeoutMs }: OpenStorageOptions): Promise<Storage> {
  mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path, { timeout: busyTimeoutMs });
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, sqlite, close: () => db.destroy() };
}
