import type SQLite from 'better-sqlite3';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { Database } from './database-tables.ts';
import type { FullTextCapabilities } from './full-text-match.ts';
import type { PercentileCapabilities } from './percentiles.ts';
import type { QueueCapabilities } from './queue-capabilities.ts';
import type { SharedWriteCapabilities } from './shared-writes.ts';
import type { WriteQueue } from './write-queue.ts';

/** Which database holds the data: SQLite (one file, one machine) or PostgreSQL (DATABASE_URL). */
export type DatabaseDialect = 'sqlite' | 'postgres';

/**
 * The database, as every repository sees it: the same for both dialects.
 * What differs between them lives in server/db (how to open, how to write,
 * which errors mean "unavailable") and in each feature's per-dialect migrations.
 * Where a query needs what only one of them does, Storage offers it as a capability
 * (QueueCapabilities: locking the rows a queue claims, random tokens in SQL; FullTextCapabilities: a
 * search over a full-text index; PercentileCapabilities: percentiles read by the database;
 * SharedWriteCapabilities: one statement for the rows of several write jobs). Which
 * database it is, Storage does not say (but for `kind`, for the operator): features never branch on it.
 */
export interface Storage
  extends QueueCapabilities, FullTextCapabilities, PercentileCapabilities, SharedWriteCapabilities<Database> {
  db: Kysely<Database>;
  /** The underlying SQLite connection (for tests); undefined on PostgreSQL. */
  sqlite: SQLite.Database | undefined;
  /**
   * Every write of the server goes through here: group commit (see
   * write-queue.ts) on both databases. A job resolves once it is durable. A job whose row one
   * statement may write for several jobs asks for that through writeSharing (shared-writes.ts).
   */
  write: Omit<WriteQueue<Database>, 'runSharing'>;
  /**
   * Within a write job: waits until no other job (of any instance) holds the
   * key, and holds it until this job's transaction ends. For jobs that read
   * before they write, such as "no acknowledgement to this address today".
   * On SQLite writes already run one at a time, so it returns at once.
   */
  lock: (trx: Transaction<Database>, key: string) => Promise<void>;
  /**
   * What the operator is told the database is ("sqlite" or "postgres", in /readyz). Never branch on it:
   * ask for a capability (below, or queue-capabilities.ts) instead.
   */
  kind: string;
  /**
   * Whether other instances may share this database (PostgreSQL): then everything they share (kept
   * emails, limits) must live in it or in Redis. SQLite's file belongs to one process.
   */
  sharedAcrossInstances: boolean;
  /** The database's file, which the running server marks as held (SQLite); undefined when there is none. */
  file: string | undefined;
  /**
   * A table to read from, named with the index to read it by where the database must be told (SQLite,
   * whose planner has no statistics without ANALYZE, which nothing runs); PostgreSQL's planner chooses.
   */
  tableByIndex: (table: string, index: string | undefined) => RawBuilder<unknown>;
  /** Writes what is queued, then closes the database. */
  close: () => Promise<void>;
  /** Whether a write transaction can start now (the database is reachable and writable). */
  canWrite: () => Promise<boolean>;
  /**
   * Runs the task only if no other instance is running it (a PostgreSQL
   * advisory lock, held for the task's length); resolves undefined, without
   * running it, when another holds the lock. On SQLite (one process) it runs.
   * With `{ wait: true }` it waits for the lock instead, and always runs the task (a person asked for it).
   */
  exclusively: <T>(
    name: string,
    task: () => Promise<T>,
    options?: { wait?: boolean },
  ) => Promise<T | undefined>;
}
