import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { LeadEvent } from './quote-tables.ts';

type NewLeadEvent = Pick<LeadEvent, 'quote_request_id' | 'actor' | 'kind'> &
  Partial<Pick<LeadEvent, 'from_status' | 'to_status' | 'text'>>;

/** Adds an entry to a lead's timeline, in the caller's transaction. */
export async function addLeadEvent(trx: Transaction<Database>, event: NewLeadEvent, at: Date): Promise<void> {
  await trx
    .insertInto('lead_events')
    .values({ from_status: null, to_status: null, text: null, ...event, at: at.toISOString() })
    .execute();
}
