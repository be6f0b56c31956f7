import type { MessageKind } from '../outbox/message-kind.ts';
import { leadFields } from '../leads/lead-lookups.ts';
import { LEAD_OWNER } from '../leads/quote-tables.ts';
import { replyEmail, type ReplyEmailSettings } from './reply-email.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/** The outbox's kind of a staff member's reply to a lead (owner: the lead, so erasure deletes it). */
export const REPLY_EMAIL_KIND = 'lead-reply';

/**
 * The reply as the outbox sends it: built from its lead_messages row (found by its Message-ID) when it
 * is due, so a lead deleted meanwhile cancels it. What becomes of it (retries, a dead letter) is read
 * from the outbox row by the conversation, and shown on the message.
 */
export function conversationEmailKinds(settings: ReplyEmailSettings): MessageKind[] {
  return [
    {
      kind: REPLY_EMAIL_KIND,
      async prepare(trx, row) {
        const leadId = row.owner_type === LEAD_OWNER ? row.owner_id : -1;
        const message = await tablesOf<ConversationTables>(trx)
          .selectFrom('lead_messages')
          .selectAll()
          .where('quote_request_id', '=', leadId)
          .where('message_id', '=', row.message_id)
          .executeTakeFirst();
        const lead = await leadFields(trx, leadId, ['email', 'reference']);
        if (!message || !lead) return { cancelled: 'the quote request was deleted' };
        return replyEmail(message, lead, settings);
      },
      describe: (row) => ({ leadId: row.owner_type === LEAD_OWNER ? row.owner_id : null }),
    },
  ];
}
