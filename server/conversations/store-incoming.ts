import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { queueGroupedEmails } from '../outbox/grouped-emails.ts';
import { storeMessageFiles } from '../attachments/lead-files-intake.ts';
import { leadFields } from '../leads/lead-lookups.ts';
import { leadOwner } from '../leads/quote-tables.ts';
import { ANSWER_EMAIL_KIND, ANSWER_EMAIL_WINDOW_MS, answerEmailPayload } from './answer-email-kind.ts';
import type { AnswerFiles } from './answer-files.ts';
import type { IncomingMail } from './incoming-mail.ts';
import { dmarcResult } from './sender-check.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

export interface StoreIncomingOptions {
  at: Date;
  /** The staff who may be told of a client's answer: the lead's owner, or everyone when it has none. */
  staff: readonly StaffRecipient[];
  /** The domain of our Message-IDs (MAIL_FROM's). */
  mailDomain: string;
  /** IMAP_AUTHSERV_ID: the only Authentication-Results trusted (sender-check.ts); none without it. */
  authservId?: string;
}

/**
 * What became of the files, one line each, kept apart from the client's text: those refused say why
 * ("setup.exe was not kept: not a file we accept."); files that were not checked (no AnswerFiles) are
 * listed by name and size.
 */
function fileNotesOf(mail: IncomingMail, files: Pick<AnswerFiles, 'refused'> | undefined): string[] {
  if (files) return files.refused;
  if (mail.attachments.length === 0) return [];
  const sizes = mail.attachments.map(({ name, size }) => `- ${name} (${formatSize(size)})`);
  return ['Attached (not kept: see the mailbox):', ...sizes];
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An answer's files, kept with its lead after the lead's other files, naming the message. */
async function storeAnswerFiles(
  trx: Transaction<Database>,
  leadId: number,
  leadMessageId: number,
  files: Pick<AnswerFiles, 'kept'>,
  at: Date,
) {
  await storeMessageFiles(trx, leadId, files.kept, at, leadMessageId);
}

/** A staff member who may be told of answers (id null: MAIL_TO, before the first account). */
export interface StaffRecipient {
  id: number | null;
  email: string;
  /** They chose to be emailed when a client answers on their leads (Account → Notifications). */
  answerEmails: boolean;
}

/**
 * Who is told of an answer on a lead: its owner, if they chose so; a lead without an owner (or whose
 * owner is gone) tells everyone who chose so.
 */
async function answerRecipients(
  trx: Transaction<Database>,
  leadId: number,
  staff: readonly StaffRecipient[],
) {
  const lead = await leadFields(trx, leadId, ['owner_id']);
  const owner = staff.find((person) => person.id !== null && person.id === lead?.owner_id);
  const told = owner ? [owner] : staff;
  return [
    ...new Set(told.filter((person) => person.answerEmails).map((person) => person.email.toLowerCase())),
  ];
}

/** Whether it came from the lead's own address (any case); null for a delivery report. */
async function fromTheLead(trx: Transaction<Database>, leadId: number, mail: IncomingMail) {
  if (mail.kind === 'bounce') return null;
  const lead = await leadFields(trx, leadId, ['email']);
  return lead?.email.toLowerCase() === mail.fromAddress ? 1 : 0;
}

/**
 * Stores what came in on its lead, once per (lead, Message-ID): a second read of the same mail (a
 * restart, another instance, a new UIDVALIDITY) changes nothing. A bounce marks the replies it names
 * as not delivered. A client's answer (not an auto-reply, not a bounce) queues the staff email, in the
 * same transaction, unless one waiting will tell of it too (grouped: see ANSWER_EMAIL_WINDOW_MS). Who
 * it is from (the DMARC result of our mail server, the lead's address or another) is kept with it.
 * Returns whether the message was new.
 */
export async function storeIncoming(
  trx: Transaction<Database>,
  leadId: number,
  mail: IncomingMail,
  { at, staff, mailDomain, authservId }: StoreIncomingOptions,
  files?: Pick<AnswerFiles, 'kept' | 'refused'>,
): Promise<boolean> {
  const inserted = await tablesOf<ConversationTables>(trx)
    .insertInto('lead_messages')
    .values({
      quote_request_id: leadId,
      direction: 'in',
      kind: mail.kind,
      message_id: mail.messageId,
      in_reply_to: mail.inReplyTo,
      references: mail.references.join(' '),
      author_email: mail.fromAddress,
      author_name: mail.fromName,
      subject: mail.subject,
      body_text: mail.body,
      file_notes: fileNotesOf(mail, files).join('\n'),
      quoted_text: mail.quoted,
      // A date in the future (a wrong clock) would put it ahead of later messages: when it was read then.
      created_at: (mail.date && mail.date <= at ? mail.date : at).toISOString(),
      read_at: null,
      bounced_at: null,
      // Who it is from, on the message itself: shown, never a reason to drop it.
      sender_dmarc: dmarcResult(mail.authenticationResults, authservId),
      sender_is_lead: await fromTheLead(trx, leadId, mail),
    })
    .onConflict((conflict) => conflict.columns(['quote_request_id', 'message_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (files && files.kept.length > 0) await storeAnswerFiles(trx, leadId, Number(inserted.id), files, at);
  if (mail.kind === 'bounce' && mail.bouncedIds.length > 0) {
    await tablesOf<ConversationTables>(trx)
      .updateTable('lead_messages')
      .set({ bounced_at: at.toISOString() })
      .where('quote_request_id', '=', leadId)
      .where('direction', '=', 'out')
      .where('message_id', 'in', mail.bouncedIds)
      .where('bounced_at', 'is', null)
      .execute();
  }
  if (mail.kind === 'answer') {
    const emails = (await answerRecipients(trx, leadId, staff)).map((recipient) => ({
      kind: ANSWER_EMAIL_KIND,
      recipient,
      messageId: newMessageId('conversation-answer', mailDomain),
      owner: leadOwner(leadId),
      at,
      payload: answerEmailPayload(Number(inserted.id)),
    }));
    // A lead's answers are told of together: at most one email per person and window.
    await queueGroupedEmails(trx, emails, ANSWER_EMAIL_WINDOW_MS);
  }
  return true;
}
