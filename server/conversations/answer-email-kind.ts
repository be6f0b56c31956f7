import { escapeHtml } from '../mail/escape-html.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import type { MessageKind } from '../outbox/message-kind.ts';
import { inboxLinkOf } from '../quote/quote-email-files.ts';
import { leadIdOf } from '../quote/quote-tables.ts';

/** The outbox's kind of the staff email "<Name> replied on Q-…". */
export const ANSWER_EMAIL_KIND = 'conversation-answer';

export interface AnswerEmailSettings {
  from: MailAddress;
  siteUrl: string;
}

/**
 * The email that tells staff a lead answered: the lead's name and reference and a link to it, never a
 * copy of the answer (it may hold what the client meant for the thread only; the lead's page shows it).
 */
export function answerEmailKind(settings: AnswerEmailSettings): MessageKind {
  return {
    kind: ANSWER_EMAIL_KIND,
    async prepare(trx, row) {
      const lead = await trx
        .selectFrom('quote_requests')
        .select(['name', 'reference', 'spam'])
        .where('id', '=', leadIdOf(row) ?? -1)
        .executeTakeFirst();
      if (!lead) return { cancelled: 'the quote request was deleted' };
      if (lead.spam) return { cancelled: 'marked as spam' };
      const link = inboxLinkOf(settings.siteUrl, lead.reference);
      const subject = `${lead.name} replied on ${lead.reference}`;
      const text = `${subject}.\n\nRead the answer on the lead's page:\n${link}\n`;
      const html = `<p>${escapeHtml(subject)}.</p><p><a href="${escapeHtml(link)}">Read the answer on the lead's page</a></p>`;
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
