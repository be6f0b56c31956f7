import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type SQLite from 'better-sqlite3';
import { KEEPS_SQLITE_HANDLES, openSqlite } from './sqlite-open.ts';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { ensurePrivateDir, PRIVATE_FILE } from './private-files.ts';
import type { Storage } from './storage.ts';
import type { Database } from './database-tables.ts';
import { migrateToLatest, type Migrations } from './migrator.ts';
import { createWriteQueue } from './write-queue.ts';
import { plainWrites } from './shared-writes.ts';
import { sqliteFullText } from './full-text-match.ts';
import { sqlitePercentiles } from './percentiles.ts';
import { sqliteQueueCapabilities } from './queue-capabilities.ts';
import { sqliteTableByIndex } from './table-by-index.ts';
import { pause } from '../time/pause.ts';

/** How many prepared statements the server keeps for reuse. */
const STATEMENT_CACHE_SIZE = KEEPS_SQLITE_HANDLES ? Number.POSITIVE_INFINITY : 200;

/**
 * The size the write-ahead log is cut back to after a checkpoint (journal_size_limit). Without it
 * the file keeps the size of the largest burst it ever held (50 parallel 25 MB quotes left 681 MB
 * that never shrank); 32 MB holds one full quote's files and saves growing it again for each.
 */
export const SQLITE_JOURNAL_SIZE_LIMIT = 32 * 2 ** 20;

/** SQLITE_BUSY while another transaction writes: tried again this often, this many times. */
const PROBE_RETRY_MS = 20;
const PROBE_ATTEMPTS = 25;

/**
 * Probes with a connection of its own (never the group commit's, which may be
 * inside a transaction), taking the write lock and giving it back at once.
 * Busy means a writer is at work: asked again, without ever blocking the event
 * loop; read-only, full or missing storage answers false at once.
 */
function writeProbe(path: string) {
  let probe: SQLite.Database | undefined;
  return {
    async canWrite(): Promise<boolean> {
      for (let attempt = 0; attempt < PROBE_ATTEMPTS; attempt++) {
        try {
          probe ??= openSqlite(path, { timeout: 0, fileMustExist: true });
          probe.exec('BEGIN IMMEDIATE');
          probe.exec('ROLLBACK');
          return true;
        } catch (error) {
          const code = String((error as { code?: unknown }).code ?? '');
          if (!code.startsWith('SQLITE_BUSY') && !code.startsWith('SQLITE_LOCKED')) return false;
          await pause(PROBE_RETRY_MS);
        }
      }
      return false;
    },
    close: () => probe?.close(),
  };
}

interface OpenSqliteOptions {
  path: string;
  busyTimeoutMs: number;
  /** Every part's SQLite migrations (see migrator.ts), run at open. */
  migrations: Migrations;
}

/**
 * Kysely prepares every statement again each time it runs one; under load that
 * is a good share of the work. The same SQL text reuses its prepared statement
 * (better-sqlite3 runs one statement at a time, so sharing is safe). The most
 * recently used statements are kept, so queries with varying IN lists cannot
 * grow it without bound; where every handle is kept anyway (Node 24, sqlite-open.ts), all of them, so
 * that each text is prepared once.
 */
function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
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
 * survives a crash or a power loss; the WAL is cut back to SQLITE_JOURNAL_SIZE_LIMIT after a checkpoint. This is the only SQLite-specific code; the
 * rest talks to Kysely (and PostgreSQL's counterpart is postgres-storage.ts).
 */
export async function openSqliteStorage({
  path,
  busyTimeoutMs,
  migrations,
}: OpenSqliteOptions): Promise<Storage> {
  ensurePrivateDir(dirname(path));
  // SQLite gives the WAL and shared-memory files the database file's mode: private from the start.
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`])
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
  const sqlite = openSqlite(path, { timeout: busyTimeoutMs });
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`journal_size_limit = ${SQLITE_JOURNAL_SIZE_LIMIT}`);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  try {
    await migrateToLatest(db, migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const write = createWriteQueue(db);
  const probe = writeProbe(path);
  return {
    ...sqliteQueueCapabilities,
    ...sqliteFullText,
    ...sqlitePercentiles(db),
    kind: 'sqlite',
    sharedAcrossInstances: false,
    file: path,
    tableByIndex: sqliteTableByIndex,
    db,
    sqlite,
    write,
    ...plainWrites(write),
    canWrite: async () => !write.failing() && (await probe.canWrite()),
    // Group commit writes one job after another: nothing else can hold the key.
    lock: async () => undefined,
    // One process owns the file: nobody else can be running the task.
    exclusively: async (_name, task) => task(),
    close: async () => {
      await write.close();
      probe.close();
      await db.destroy();
    },
  };
}
