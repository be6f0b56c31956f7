import type { Kysely, QueryCreator, Transaction } from 'kysely';
import type { Database } from './database-tables.ts';

/**
 * A feature's view of the database handle (a connection or a transaction): typed with the tables it
 * declares in its own folder, e.g. `tablesOf<LeadTables>(trx)`, so that its queries are typed and a query
 * of another feature's table does not compile. The view is the same object: a transaction viewed by two
 * features (a lead and its outbox rows) is still one transaction.
 *
 * This is the one cast of the database's types (docs/decisions/061-table-types-owned-by-their-feature.md):
 * the handle's type names no table, and Kysely's types are invariant in the tables, so only a cast turns it
 * into a typed view. It is as true as the feature's declaration of its tables, which its migrations create
 * (server/db/table-owners.test.ts checks each table's owner on both databases).
 */
export function tablesOf<T>(db: Transaction<Database>): Transaction<T>;
export function tablesOf<T>(db: Kysely<Database>): Kysely<T>;
export function tablesOf<T>(db: QueryCreator<Database>): QueryCreator<T>;
export function tablesOf(db: QueryCreator<Database>): object {
  return db;
}
