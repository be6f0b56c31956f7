import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { safeAddress } from '../mail/outgoing-mail.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { queueEmails } from '../outbox/outbox-rows.ts';
import type { LeadHooks } from '../leads/lead-hooks.ts';
import { leadFields } from '../leads/lead-lookups.ts';
import { changeStatus } from '../leads/lead-workflow.ts';
import { leadOwner } from '../leads/quote-tables.ts';
import { replySubject } from '../../common/conversation.ts';
import { staffNameOf } from '../../common/staff-name.ts';
import { REPLY_EMAIL_KIND } from './reply-email-kind.ts';
import { threadReferences } from './thread-references.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

export interface NewReply {
  leadId: number;
  text: string;
  /** The staff account's email: the author, and who moved the lead to Contacted. */
  actor: string;
  at: Date;
}

/** Why a reply was not queued; or the new message's id. */
export type ReplyOutcome = { sent: number } | { refused: 'not-found' | 'spam-lead' | 'no-address' };

/** The thread's previous message (the lead's last in or out), which the reply answers. */
async function previousMessage(trx: Transaction<Database>, leadId: number) {
  return tablesOf<ConversationTables>(trx)
    .selectFrom('lead_messages')
    .select(['message_id', 'references', 'kind'])
    .where('quote_request_id', '=', leadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * References of a reply: the previous message's, then the previous message itself (RFC 5322 3.6.4),
 * bounded as the email's are (threadReferences: the first and the last ten).
 */
function referencesAfter(previous: { message_id: string; references: string } | undefined): string {
  if (!previous) return '';
  return threadReferences(`${previous.references} ${previous.message_id}`);
}

/**
 * Sends a staff member's reply, in one transaction: the lead_messages row, its outbox row, and, the
 * first reply to a New lead, the move to Contacted (which records the lead's first contact).
 */
export async function queueReply(
  trx: Transaction<Database>,
  { mailDomain, hooks }: { mailDomain: string; hooks?: LeadHooks | undefined },
  { leadId, text, actor, at }: NewReply,
): Promise<ReplyOutcome> {
  const lead = await leadFields(trx, leadId, ['id', 'email', 'reference', 'status', 'spam']);
  if (!lead) return { refused: 'not-found' };
  if (lead.spam) return { refused: 'spam-lead' };
  const to = safeAddress(lead.email);
  if (!to) return { refused: 'no-address' };
  const previous = await previousMessage(trx, leadId);
  const firstReply = !(await tablesOf<ConversationTables>(trx)
    .selectFrom('lead_messages')
    .select('id')
    .where('quote_request_id', '=', leadId)
    .where('kind', '=', 'reply')
    .executeTakeFirst());
  const messageId = newMessageId('reply', mailDomain);
  const inserted = await tablesOf<ConversationTables>(trx)
    .insertInto('lead_messages')
    .values({
      quote_request_id: leadId,
      direction: 'out',
      kind: 'reply',
      message_id: messageId,
      in_reply_to: previous?.message_id ?? null,
      references: referencesAfter(previous),
      author_email: actor,
      author_name: staffNameOf(actor),
      subject: replySubject(lead.reference),
      body_text: text.replace(/\r\n?/g, '\n').trim(),
      quoted_text: '',
      created_at: at.toISOString(),
      read_at: at.toISOString(),
      bounced_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueEmails(trx, [
    { kind: REPLY_EMAIL_KIND, recipient: to, messageId, owner: leadOwner(leadId), at },
  ]);
  if (firstReply && lead.status === 'new') {
    await changeStatus(trx, hooks, { id: leadId, status: 'contacted', actor, at });
  }
  return { sent: inserted.id };
}
