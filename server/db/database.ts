import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './database-tables.ts';
import { migrateToLatest, type Migrations } from './migrator.ts';
import { createWriteQueue, type WriteQueue } from './write-queue.ts';

export interface Storage {
  db: Kysely<Database>;
  /** The underlying SQLite connection (for tests). */
  sqlite: SQLite.Database;
  /** Group commit: every write of the server goes through here (see write-queue.ts). */
  write: WriteQueue<Database>;
  /** Writes what is queued, then closes the database. */
  close: () => Promise<void>;
}

export interface OpenStorageOptions {
  path: string;
  busyTimeoutMs: number;
  /** Every part's migrations (see migrator.ts), run at open. */
  migrations: Migrations;
}

/**
 * Kysely prepares every statement again each time it runs one; under load that
 * is a good share of the work. The same SQL text reuses its prepared statement
 * (better-sqlite3 runs one statement at a time, so sharing is safe). The most
 * recently used statements are kept, so queries with varying IN lists cannot
 * grow it without bound.
 */
function withStatementCache(sqlite: SQLite.Database, size = 200): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const statement = statements.get(sql) ?? sqlite.prepare(sql);
      statements.delete(sql);
      statements.set(sql, statement); // now the most recently used
      if (statements.size > size) statements.delete(statements.keys().next().value ?? '');
      return statement;
    },
  };
}

/**
 * Opens (creating if needed) the SQLite database and brings its schema up to
 * date. WAL with synchronous=FULL: once a transaction has committed, the lead
 * survives a crash or a power loss. This is the only SQLite-specific code; the
 * rest talks to Kysely.
 */
export async function openStorage({ path, busyTimeoutMs, migrations }: OpenStorageOptions): Promise<Storage> {
  mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path, { timeout: busyTimeoutMs });
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const write = createWriteQueue(db);
  return {
    db,
    sqlite,
    write,
    close: async () => {
      await write.close();
      await db.destroy();
    },
  };
}
