import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database-tables.ts';

/**
 * A feature's view of the database: only the tables it names (its own), so that a query of another
 * feature's table in its code does not compile.
 */
export type OwnTables<K extends keyof Database> = Pick<Database, K>;

/**
 * The same connection or transaction, typed with fewer tables, each with the type it has in Database: a
 * query through the view is one the whole database accepts. Kysely's types are invariant in the database,
 * so no plain cast narrows them; the signatures below do, here and nowhere else.
 */
export function ownTables<K extends keyof Database>(db: Transaction<Database>): Transaction<OwnTables<K>>;
export function ownTables<K extends keyof Database>(db: Kysely<Database>): Kysely<OwnTables<K>>;
export function ownTables(db: Kysely<Database>): object {
  return db;
}
