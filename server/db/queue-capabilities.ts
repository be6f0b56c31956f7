import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

type Select<DB, TB extends keyof DB, O> = SelectQueryBuilder<DB, TB, O>;

/**
 * What a queue shared by several instances needs of the database, where the two differ. Features and
 * the outbox call these; which database is behind them is server/db's business.
 */
export interface QueueCapabilities {
  /**
   * The rows this select reads, locked until the transaction ends, passing over rows another
   * transaction holds (PostgreSQL: FOR UPDATE SKIP LOCKED), so that several instances claim different
   * rows at once instead of waiting for each other. SQLite runs writes one at a time: the select as is.
   */
  claimable<DB, TB extends keyof DB, O>(query: Select<DB, TB, O>): Select<DB, TB, O>;
  /**
   * The rows this select reads, locked until the transaction ends, waiting for another that holds
   * them (PostgreSQL: FOR UPDATE), for a read before a write. SQLite: the select as is.
   */
  lockedForUpdate<DB, TB extends keyof DB, O>(query: Select<DB, TB, O>): Select<DB, TB, O>;
  /** SQL for 32 random lower-case hex digits (128 bits), new for each row a statement makes. */
  randomHexSql(): RawBuilder<string>;
  /**
   * Whether one statement may insert into two tables, the second from what the first returned (a WITH
   * holding an INSERT: PostgreSQL). SQLite's WITH may not: there it takes two statements, which cost
   * no round trip in its own process.
   */
  insertsInWith: boolean;
}

export const sqliteQueueCapabilities: QueueCapabilities = {
  claimable: (query) => query,
  lockedForUpdate: (query) => query,
  randomHexSql: () => sql<string>`lower(hex(randomblob(16)))`,
  insertsInWith: false,
};

export const postgresQueueCapabilities: QueueCapabilities = {
  claimable: (query) => query.forUpdate().skipLocked(),
  lockedForUpdate: (query) => query.forUpdate(),
  randomHexSql: () => sql<string>`replace(gen_random_uuid()::text, '-', '')`,
  insertsInWith: true,
};
