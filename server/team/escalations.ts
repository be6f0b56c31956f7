import type { Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { type NewEmail, queueEmails } from '../outbox/outbox-rows.ts';
import { leadOwner } from '../leads/quote-tables.ts';
import { claimWaitingLeads } from '../leads/staff-lead-lists.ts';
import { STAFF_LEAD_EMAIL_KINDS } from '../leads/staff-lead-email-kinds.ts';
import { activeStaff } from '../accounts/staff-lookups.ts';

/** Leads escalated per transaction. */
const BATCH = 100;
/**
 * How far back a lead may have crossed the limit and still be escalated: a server down for a few days
 * still escalates what waits, but the first start of this feature does not flood the team with old leads.
 */
const LOOK_BACK_MS = 7 * 24 * 3_600_000;

/** Who hears of a waiting lead: its owner and every admin, not revoked, each once. */
async function recipientsOf(trx: Transaction<Database>, ownerId: number | null): Promise<string[]> {
  const people = await activeStaff(trx).execute();
  const told = people.filter((person) => person.role === 'admin' || person.id === ownerId);
  return [...new Set(told.map((person) => person.email))];
}

/**
 * One transaction: up to BATCH leads that are not spam, have had no first contact, and arrived more
 * than `firstResponseMs` ago are marked escalated (a conditional UPDATE: on two instances one of them
 * gets each lead), and "Waiting 4 h: <name> (Q-…)" is queued to each owner and the admins.
 */
async function escalateBatch(
  storage: Pick<Storage, 'write'>,
  { firstResponseMs, mailDomain, at }: { firstResponseMs: number; mailDomain: string; at: Date },
): Promise<{ escalated: number; more: boolean }> {
  const cutoff = new Date(at.getTime() - firstResponseMs).toISOString();
  const floor = new Date(at.getTime() - firstResponseMs - LOOK_BACK_MS).toISOString();
  return storage.write.run(async (trx) => {
    const { due, claimed } = await claimWaitingLeads(trx, { cutoff, floor, at, limit: BATCH });
    if (due === 0) return { escalated: 0, more: false };
    const kind = STAFF_LEAD_EMAIL_KINDS.escalation;
    const emails: NewEmail[] = [];
    for (const lead of claimed)
      for (const recipient of await recipientsOf(trx, lead.owner_id))
        emails.push({
          kind,
          recipient,
          messageId: newMessageId(kind, mailDomain),
          owner: leadOwner(lead.id),
          at,
        });
    await queueEmails(trx, emails);
    return { escalated: claimed.length, more: due === BATCH };
  });
}

/** Escalates every lead waiting past FIRST_RESPONSE_MINUTES (0: never); how many. */
export async function escalateWaiting(
  storage: Pick<Storage, 'write'>,
  options: { firstResponseMs: number; mailDomain: string; at: Date },
  stopped: () => boolean,
): Promise<number> {
  if (options.firstResponseMs <= 0) return 0;
  let total = 0;
  for (let more = true; more && !stopped();) {
    const batch = await escalateBatch(storage, options);
    total += batch.escalated;
    more = batch.more;
  }
  return total;
}
