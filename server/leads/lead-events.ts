import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { FIRST_CONTACT_KINDS } from './first-contact-migrations.ts';
import type { LeadEvent } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

type NewLeadEvent = Pick<LeadEvent, 'quote_request_id' | 'actor' | 'kind'> &
  Partial<Pick<LeadEvent, 'from_status' | 'to_status' | 'text'>>;

const answers = (event: NewLeadEvent) =>
  event.actor !== null && (FIRST_CONTACT_KINDS as readonly string[]).includes(event.kind);

/**
 * Adds an entry to a lead's timeline, in the caller's transaction. A person's first status change or
 * note also stores the lead's time to first contact (the dashboard's figure); later ones, and the
 * system's events, leave it as it is.
 */
export async function addLeadEvent(trx: Transaction<Database>, event: NewLeadEvent, at: Date): Promise<void> {
  await tablesOf<LeadTables>(trx)
    .insertInto('lead_events')
    .values({ from_status: null, to_status: null, text: null, ...event, at: at.toISOString() })
    .execute();
  if (!answers(event)) return;
  const lead = await tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .select(['created_at', 'first_contact_ms'])
    .where('id', '=', event.quote_request_id)
    .executeTakeFirst();
  if (!lead || lead.first_contact_ms !== null) return;
  await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set({ first_contact_ms: Math.max(0, at.getTime() - Date.parse(lead.created_at)) })
    .where('id', '=', event.quote_request_id)
    .where('first_contact_ms', 'is', null)
    .execute();
}

/**
 * The system's timeline entries about deliveries (what became of notifications), in one statement in
 * the caller's transaction; those without a lead are left out.
 */
export async function addDeliveryEvents(
  trx: Transaction<Database>,
  events: readonly { leadId: number | null; text: string }[],
  at: Date,
): Promise<void> {
  const rows = events.flatMap(({ leadId, text }) =>
    leadId === null
      ? []
      : [
          {
            quote_request_id: leadId,
            actor: null,
            kind: 'delivery' as const,
            from_status: null,
            to_status: null,
            text,
          },
        ],
  );
  if (rows.length === 0) return;
  await tablesOf<LeadTables>(trx)
    .insertInto('lead_events')
    .values(rows.map((row) => ({ ...row, at: at.toISOString() })))
    .execute();
}
