import type { Expression, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { Lead, LeadTables } from './quote-tables.ts';

/** Who a list is for: an admin sees everyone's leads, a member their own and the unassigned ones. */
export interface ListReader {
  id: number;
  role: 'admin' | 'member';
}

/**
 * Which leads a list holds (never spam): those waiting for a first contact, those whose follow-up is due
 * by a day and still open, or those for which another feature's query of the lead's id finds a row.
 */
export type LeadListFilter =
  | { waiting: true }
  | { followUpDueBy: string }
  | { hasRow: (leadId: Expression<number>) => Expression<unknown> };

/** The first leads of a list (by id) and how many it has in all. */
export interface LeadList {
  ids: number[];
  total: number;
}

/** The leads' own table: these lists can name no other. */
const leads = (trx: Transaction<Database>) => tablesOf<LeadTables>(trx);

/** The leads that are not spam. */
const leadsOf = (trx: Transaction<Database>) =>
  leads(trx).selectFrom('quote_requests').where('quote_requests.spam', '=', 0);
type LeadsQuery = ReturnType<typeof leadsOf>;

function filtered(query: LeadsQuery, filter: LeadListFilter): LeadsQuery {
  if ('waiting' in filter) return query.where('first_contact_ms', 'is', null);
  if ('followUpDueBy' in filter)
    return query.where('follow_up_on', '<=', filter.followUpDueBy).where('status', 'not in', ['won', 'lost']);
  return query.where((eb) => eb.exists(filter.hasRow(eb.ref('quote_requests.id'))));
}

/** A list of leads for one person (the team's daily digest), in the caller's transaction. */
export async function staffLeadList(
  trx: Transaction<Database>,
  reader: ListReader,
  filter: LeadListFilter,
  limit: number,
): Promise<LeadList> {
  let query = filtered(leadsOf(trx), filter);
  if (reader.role !== 'admin')
    query = query.where((eb) => eb.or([eb('owner_id', '=', reader.id), eb('owner_id', 'is', null)]));
  const [rows, count] = await Promise.all([
    query.select('quote_requests.id').orderBy('quote_requests.id').limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count?.count ?? 0) };
}

/**
 * Marks as escalated, once, up to `limit` leads that are not spam, had no first contact and arrived in
 * (floor, cutoff]: a conditional UPDATE, so on two instances one of them gets each lead. Returns how
 * many were due and those this call claimed, with their owner.
 */
export async function claimWaitingLeads(
  trx: Transaction<Database>,
  { cutoff, floor, at, limit }: { cutoff: string; floor: string; at: Date; limit: number },
): Promise<{ due: number; claimed: Pick<Lead, 'id' | 'owner_id'>[] }> {
  const due = await leads(trx)
    .selectFrom('quote_requests')
    .select('id')
    .where('spam', '=', 0)
    .where('created_at', '<=', cutoff)
    .where('created_at', '>', floor)
    .where('first_contact_ms', 'is', null)
    .where('escalated_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (due.length === 0) return { due: 0, claimed: [] };
  const claimed = await leads(trx)
    .updateTable('quote_requests')
    .set({ escalated_at: at.toISOString() })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where('escalated_at', 'is', null)
    .where('first_contact_ms', 'is', null)
    .returning(['id', 'owner_id'])
    .execute();
  return { due: due.length, claimed };
}
