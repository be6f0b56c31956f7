import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { queueEmails } from '../outbox/outbox-rows.ts';
import type { LeadHooks } from '../leads/lead-hooks.ts';
import { leadOwner } from '../leads/quote-tables.ts';
import { STAFF_LEAD_EMAIL_KINDS } from '../leads/staff-lead-email-kinds.ts';
import { staffOnAllLeads } from '../accounts/staff-lookups.ts';

/**
 * "Email me about new leads: All leads" (Account → Notifications): each such person (not revoked) gets
 * "New lead: <name> (Q-…)" with a link, queued in the lead's own transaction. The company inbox (MAIL_TO)
 * gets its notification as before; "My leads" is told when a lead is given to them (lead-assignment.ts).
 */
async function tellEveryoneOnAll(trx: Transaction<Database>, leadId: number, at: Date, mailDomain: string) {
  const people = await staffOnAllLeads(trx).execute();
  if (people.length === 0) return;
  const kind = STAFF_LEAD_EMAIL_KINDS.newLead;
  await queueEmails(
    trx,
    people.map(({ email }) => ({
      kind,
      recipient: email,
      messageId: newMessageId(kind, mailDomain),
      owner: leadOwner(leadId),
      at,
    })),
  );
}

/** The lead hooks of the "All leads" emails: a new lead, or one marked Not spam. */
export function newLeadEmailHooks({ mailDomain }: { mailDomain: string }): LeadHooks {
  return {
    storedOnlyIf: [staffOnAllLeads],
    stored: (trx, leadId, at) => tellEveryoneOnAll(trx, leadId, at, mailDomain),
    markedNotSpam: (trx, leadId, at) => tellEveryoneOnAll(trx, leadId, at, mailDomain),
  };
}
