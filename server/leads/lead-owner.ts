import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { addLeadEvent } from './lead-events.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/** A change of a lead's owner, as its timeline tells it: "Asha Rao → Ravi Kumar", "Assigned in turn to …". */
export interface OwnerChange {
  leadId: number;
  /** The account that owns it now (admin_accounts.id), or null for nobody. */
  ownerId: number | null;
  /** The email of who changed it; null for the system (assigned in turn). */
  actor: string | null;
  /** The timeline's words, or how to say them from the owner it had before. */
  text: string | ((from: number | null) => string);
}

/**
 * Gives a lead its owner (or nobody) and logs it on its timeline, in the caller's transaction. Returns the
 * owner it had before and the timeline's words, or undefined when the lead does not exist; nothing is
 * written when it is unchanged.
 */
export async function changeOwner(
  trx: Transaction<Database>,
  change: OwnerChange,
  at: Date,
): Promise<{ from: number | null; text: string } | undefined> {
  const lead = await tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .select('owner_id')
    .where('id', '=', change.leadId)
    .executeTakeFirst();
  if (!lead) return undefined;
  const text = typeof change.text === 'string' ? change.text : change.text(lead.owner_id);
  if (lead.owner_id === change.ownerId) return { from: lead.owner_id, text };
  await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set({ owner_id: change.ownerId })
    .where('id', '=', change.leadId)
    .execute();
  await addLeadEvent(trx, { quote_request_id: change.leadId, actor: change.actor, kind: 'owner', text }, at);
  return { from: lead.owner_id, text };
}
