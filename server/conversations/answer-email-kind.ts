import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import type { MessageKind } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { leadFields } from '../leads/lead-lookups.ts';
import { inboxLinkOf } from '../leads/quote-email-files.ts';
import { leadIdOf } from '../leads/quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/** The outbox's kind of the staff email "<Name> replied on Q-…". */
export const ANSWER_EMAIL_KIND = 'conversation-answer';

/**
 * A lead's answers are told of together: one email per person and lead within this window (the first
 * at once, the next ones gathered until the window since the last one has passed).
 */
export const ANSWER_EMAIL_WINDOW_MS = 10 * 60_000;

/** The row's payload: the first answer it tells of (it tells of that one and every later one). */
export function answerEmailPayload(firstMessageId: number): string {
  return JSON.stringify({ firstMessageId });
}

function firstMessageOf(row: OutboxRow): number | undefined {
  try {
    const value: unknown = JSON.parse(row.payload ?? 'null');
    const first = (value as { firstMessageId?: unknown } | null)?.firstMessageId;
    return typeof first === 'number' ? first : undefined;
  } catch {
    return undefined;
  }
}

export interface AnswerEmailSettings {
  from: MailAddress;
  siteUrl: string;
  /** ADMIN_TIME_ZONE: the answers' times are written in it. */
  timeZone?: string;
}

/** One line per answer the email tells of: when, and a word when its sender is in doubt. */
async function answerLines(trx: Transaction<Database>, row: OutboxRow, leadId: number, timeZone: string) {
  const first = firstMessageOf(row);
  if (first === undefined) return [];
  const answers = await tablesOf<ConversationTables>(trx)
    .selectFrom('lead_messages')
    .select(['created_at', 'sender_dmarc', 'sender_is_lead'])
    .where('quote_request_id', '=', leadId)
    .where('direction', '=', 'in')
    .where('kind', '=', 'answer')
    .where('id', '>=', first)
    .orderBy('id')
    .execute();
  const time = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return answers.map((answer) => {
    const doubts = [
      ...(answer.sender_dmarc === 'fail' ? ['sender not verified: it failed the sender check'] : []),
      ...(answer.sender_is_lead === 0 ? ["sent from another address than the lead's"] : []),
    ];
    return `${time.format(new Date(answer.created_at))}${doubts.length > 0 ? ` (${doubts.join('; ')})` : ''}`;
  });
}

/**
 * The email that tells staff a lead answered: the lead's name and reference, when each answer came
 * since the last such email (grouped: ANSWER_EMAIL_WINDOW_MS) and a link to it, never a copy of an
 * answer (it may hold what the client meant for the thread only; the lead's page shows it).
 */
export function answerEmailKind(settings: AnswerEmailSettings): MessageKind {
  return {
    kind: ANSWER_EMAIL_KIND,
    async prepare(trx, row) {
      const leadId = leadIdOf(row) ?? -1;
      const lead = await leadFields(trx, leadId, ['name', 'reference', 'spam']);
      if (!lead) return { cancelled: 'the quote request was deleted' };
      if (lead.spam) return { cancelled: 'marked as spam' };
      const lines = await answerLines(trx, row, leadId, settings.timeZone ?? 'UTC');
      const link = inboxLinkOf(settings.siteUrl, lead.reference);
      const times = lines.length > 1 ? ` ${lines.length} times` : '';
      const subject = `${lead.name} replied${times} on ${lead.reference}`;
      const list = lines.map((line) => `- ${line}`).join('\n');
      const text = `${subject}.\n\n${list ? `${list}\n\n` : ''}Read ${lines.length > 1 ? 'the answers' : 'the answer'} on the lead's page:\n${link}\n`;
      const htmlList = lines.length
        ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
        : '';
      const html = `<p>${escapeHtml(subject)}.</p>${htmlList}<p><a href="${escapeHtml(link)}">Read ${lines.length > 1 ? 'the answers' : 'the answer'} on the lead's page</a></p>`;
      return {
        from: settings.from,
        to: [row.recipient],
        subject,
        text,
        html,
        messageId: row.message_id,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      };
    },
    describe: (row) => ({ leadId: leadIdOf(row) }),
  };
}
