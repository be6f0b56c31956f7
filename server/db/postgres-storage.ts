import { Kysely, PostgresDialect, sql } from 'kysely';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import type { Storage } from './storage.ts';
import type { Database } from './database-tables.ts';
import { migrateToLatest, type Migrations } from './migrator.ts';
import { postgresFullText } from './full-text-match.ts';
import { postgresPercentiles } from './percentiles.ts';
import { postgresQueueCapabilities } from './queue-capabilities.ts';
import { postgresTableByIndex } from './table-by-index.ts';
import { isTransactionConflict } from './storage-errors.ts';
import { createWriteQueue } from './write-queue.ts';
import { sharedWrites } from './shared-writes.ts';
import { prepareRepeatedWrites } from './prepared-statements.ts';

interface OpenPostgresOptions {
  url: string;
  /** Every part's PostgreSQL migrations (see migrator.ts), run at open. */
  migrations: Migrations;
  /** Connections in this instance's pool. */
  poolSize?: number;
  /** Whether repeated writes are prepared once per connection (prepared-statements.ts); true by default. */
  preparedStatements?: boolean;
}

/** pg's type ids: bigint (ids are 64-bit identity columns, count(*) is bigint). */
const INT8 = 20;

/**
 * pg returns bigint as a string, because it may not fit a JavaScript number.
 * Ids and counts here stay far below 2^53 (9 million billion), so they are
 * numbers, as SQLite gives them; a value beyond that is an error, never a
 * silently rounded id.
 */
const types = {
  getTypeParser(id: number, format?: 'text' | 'binary') {
    if (id === INT8 && format !== 'binary') {
      return (text: string) => {
        const value = Number(text);
        if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is beyond a safe integer`);
        return value;
      };
    }
    return pg.types.getTypeParser(id, format as 'text');
  },
} as pg.CustomTypesConfig;

/**
 * Groups written at once (write-queue.ts), each a transaction on a connection of its own: while one
 * waits for its round trips or its fsync, another is written. Few, so that groups stay large: two per
 * core, at least 4 (on 2 cores, since a quote is one statement, 4 beat 2, 3 and 8 in bench:api, decision
 * 044). A group undone by a deadlock (another instance's group took the same locks the other way round)
 * is written again.
 */
const POSTGRES_WRITE_GROUPS = Math.max(4, 2 * availableParallelism());

/** How long a request waits for a connection before it is answered 503 (PostgreSQL down or saturated). */
const CONNECT_TIMEOUT_MS = 5_000;

/** The pool of connections, each preparing its repeated writes while `prepare()` says so. */
function openPool(url: string, poolSize: number, prepare: () => boolean) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    types,
    application_name: 'acme-site',
  });
  // A connection lost while idle (PostgreSQL restarted): the pool drops it and makes a new one later.
  pool.on('error', () => undefined);
  // The same while a connection is checked out between two queries (a held advisory lock, a transaction):
  // the pool listens only to idle ones, and an 'error' nobody listens to would end the process. The
  // query that comes next fails, and the connection is not reused.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareRepeatedWrites(client, prepare);
  });
  return pool;
}

/**
 * Opens PostgreSQL (DATABASE_URL) through a pg Pool and brings its schema up
 * to date under a lock. The pool reconnects by itself: while PostgreSQL is
 * down, writes fail with errors isStorageUnavailable knows (503 with
 * Retry-After), and once it is back the next request gets a new connection.
 */
export async function openPostgresStorage({
  url,
  migrations,
  poolSize = 20,
  preparedStatements = true,
}: OpenPostgresOptions): Promise<Storage> {
  let migrated = false;
  // Only once the schema is up to date: a migration may still change what a statement returns.
  const pool = openPool(url, poolSize, () => preparedStatements && migrated);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db, migrations, 'postgres');
    migrated = true;
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const write = createWriteQueue(db, {
    retryable: isTransactionConflict,
    concurrency: POSTGRES_WRITE_GROUPS,
  });
  return {
    ...postgresQueueCapabilities,
    ...postgresFullText(db),
    ...postgresPercentiles(db),
    kind: 'postgres',
    sharedAcrossInstances: true,
    file: undefined,
    tableByIndex: postgresTableByIndex,
    db,
    sqlite: undefined,
    write,
    ...sharedWrites(write),
    async canWrite() {
      try {
        const { rows } = await sql<{ writable: boolean }>`select
            not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as writable`.execute(
          db,
        );
        return rows[0]?.writable === true;
      } catch {
        return false;
      }
    },
    async lock(trx, key) {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    },
    async exclusively(name, task, options) {
      // A session lock on one connection, held while the task runs: another instance's try fails at once,
      // and a wait blocks until the holder lets go.
      return db.connection().execute(async (connection) => {
        if (options?.wait) {
          await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
        } else {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(connection);
          if (rows[0]?.locked !== true) return undefined;
        }
        try {
          return await task();
        } finally {
          await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection).catch(() => undefined);
        }
      });
    },
    close: async () => {
      await write.close();
      await db.destroy();
    },
  };
}
