import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/**
 * The messages about one type of owner (e.g. every "campaign"'s), of one kind when given: the read
 * model a feature joins to its own tables for its figures, as `selectFrom(messagesAbout(...).as('m'))`.
 * Only the outbox names its table; the feature sees each message's row (OutboxRow): its owner and
 * recipient ids and how its delivery stands. Both databases flatten it into the outer query, indexes and all.
 */
export function messagesAbout(
  db: Kysely<Database> | Transaction<Database>,
  ownerType: string,
  kind?: string | readonly string[],
) {
  let query = tablesOf<OutboxTables>(db).selectFrom('outbox').selectAll().where('owner_type', '=', ownerType);
  if (typeof kind === 'string') query = query.where('kind', '=', kind);
  else if (kind) query = query.where('kind', 'in', kind);
  return query;
}
