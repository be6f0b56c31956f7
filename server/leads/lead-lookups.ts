import type { Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { Lead, LeadTables } from './quote-tables.ts';

/** The leads' own table: these lookups can name no other. */
const leads = (db: Kysely<Database>) => tablesOf<LeadTables>(db);

/**
 * A lead's fields, for the features that work on leads (conversations, integrations, the team), in
 * their own transaction or not; undefined when the lead was deleted.
 */
export async function leadFields<K extends keyof Lead & string>(
  db: Kysely<Database>,
  leadId: number,
  fields: readonly K[],
): Promise<Pick<Lead, K> | undefined> {
  const row = await leads(db)
    .selectFrom('quote_requests')
    .select(fields)
    .where('id', '=', leadId)
    .executeTakeFirst();
  return row as Pick<Lead, K> | undefined;
}

/** The whole lead as it is now; undefined when it was deleted. */
export function leadById(db: Kysely<Database>, leadId: number): Promise<Lead | undefined> {
  return leads(db).selectFrom('quote_requests').selectAll().where('id', '=', leadId).executeTakeFirst();
}

/** The name and reference of each of these leads that is still there and not spam, in no order. */
export async function namedLeads(
  db: Kysely<Database>,
  leadIds: readonly number[],
): Promise<Pick<Lead, 'id' | 'name' | 'reference'>[]> {
  if (leadIds.length === 0) return [];
  return leads(db)
    .selectFrom('quote_requests')
    .select(['id', 'name', 'reference'])
    .where('id', 'in', leadIds)
    .where('spam', '=', 0)
    .execute();
}
