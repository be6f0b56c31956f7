import { escapeHtml } from '../mail/escape-html.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import type { MessageKind } from '../outbox/message-kind.ts';
import { inboxLinkOf } from './quote-email-files.ts';
import { leadIdOf } from './quote-tables.ts';

/** The outbox's kind of the staff email "Follow up: <name> (Q-…)", on the follow-up's day. */
export const FOLLOW_UP_EMAIL_KIND = 'lead-follow-up';

export interface FollowUpEmailSettings {
  from: MailAddress;
  siteUrl: string;
}

/**
 * The reminder of a lead's follow-up, to its owner (or the admins): the lead's name and reference and
 * a link to it. A lead deleted or marked spam since it was queued is not reminded of.
 */
export function followUpEmailKind(settings: FollowUpEmailSettings): MessageKind {
  return {
    kind: FOLLOW_UP_EMAIL_KIND,
    async prepare(trx, row) {
      const lead = await trx
        .selectFrom('quote_requests')
        .select(['name', 'reference', 'spam'])
        .where('id', '=', leadIdOf(row) ?? -1)
        .executeTakeFirst();
      if (!lead) return { cancelled: 'the quote request was deleted' };
      if (lead.spam) return { cancelled: 'marked as spam' };
      const link = inboxLinkOf(settings.siteUrl, lead.reference);
      const subject = `Follow up: ${lead.name} (${lead.reference})`;
      const text = `Today is the day to follow up on ${lead.name} (${lead.reference}).\n\nOpen the lead:\n${link}\n\nMark the follow-up done on its page once you have.\n`;
      const html = `<p>Today is the day to follow up on ${escapeHtml(lead.name)} (${escapeHtml(lead.reference)}).</p><p><a href="${escapeHtml(link)}">Open the lead</a></p><p>Mark the follow-up done on its page once you have.</p>`;
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
