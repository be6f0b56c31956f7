import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { leadByReferenceAndEmail, leadOfAcknowledgement } from '../leads/lead-sent-emails.ts';
import type { IncomingMail } from './incoming-mail.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

const REFERENCE = /\bQ-[0-9A-HJKMNP-TV-Z]{6}\b/g;

/** The Message-IDs of ours this mail names: a bounce's returned message first, then the thread's. */
function namedIds(mail: IncomingMail): string[] {
  return [...new Set([...mail.bouncedIds, ...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references])];
}

/**
 * The lead an incoming mail belongs to, in the order:
 * 1. its In-Reply-To or References (or a bounce's returned message) names a Message-ID we sent: a
 *    reply of the conversation, or the lead's acknowledgement;
 * 2. its subject holds a reference Q-XXXXXX and its sender is that lead's address;
 * 3. else none: the mail is not ours and is left alone.
 */
export async function matchLead(
  db: Kysely<Database> | Transaction<Database>,
  mail: IncomingMail,
): Promise<number | undefined> {
  const ids = namedIds(mail);
  if (ids.length > 0) {
    const reply = await tablesOf<ConversationTables>(db)
      .selectFrom('lead_messages')
      .select('quote_request_id')
      .where('direction', '=', 'out')
      .where('message_id', 'in', ids)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (reply) return reply.quote_request_id;
    const acknowledged = await leadOfAcknowledgement(db, ids);
    if (acknowledged !== undefined) return acknowledged;
  }
  if (mail.kind === 'bounce' || !mail.fromAddress) return undefined;
  for (const reference of new Set(mail.subject.toUpperCase().match(REFERENCE) ?? [])) {
    const lead = await leadByReferenceAndEmail(db, { reference, email: mail.fromAddress });
    if (lead !== undefined) return lead;
  }
  return undefined;
}
