import { company } from '../../common/company.ts';
import { replySubject } from '../../common/conversation.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { htmlPage, htmlParagraphs } from '../mail/html-email.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import { headerText, type OutgoingMail } from '../mail/outgoing-mail.ts';
import type { LeadMessage } from './conversation-tables.ts';
import { threadReferences } from './thread-references.ts';

export interface ReplyEmailSettings {
  /** MAIL_FROM: its address is the reply's From, with the staff member's name. */
  from: MailAddress;
  /** MAIL_TO: the first is the Reply-To, the mailbox the client's answers go to (as the acknowledgement's). */
  to: string[];
  siteUrl: string;
}

/** The company's signature under every reply: the staff member, the company, its phone and site. */
function replySignature(staffName: string, siteUrl: string): string[] {
  return ['-- ', staffName, company.name, company.phoneDisplay, siteUrl];
}

/**
 * A staff member's reply to a lead: From "<name> at <company> <MAIL_FROM>", to the lead, the subject
 * with the lead's reference, our own Message-ID, In-Reply-To and References chained to the thread's
 * previous message (stored on the row when it was queued). The text is staff's, plain, with the
 * signature; the HTML part is the same text, escaped.
 */
export function replyEmail(
  message: LeadMessage,
  lead: { email: string; reference: string },
  settings: ReplyEmailSettings,
): OutgoingMail {
  const subject = replySubject(lead.reference);
  const signature = replySignature(message.author_name, settings.siteUrl);
  const text = [message.body_text, '', ...signature, ''].join('\n');
  const paragraphs = htmlParagraphs(message.body_text);
  const html = htmlPage(
    subject,
    `${paragraphs}
<p style="color: #475569;">${signature.slice(1).map(escapeHtml).join('<br>')}</p>`,
  );
  const inbox = settings.to[0];
  return {
    from: {
      name: headerText(`${message.author_name} at ${company.name}`, 100),
      address: settings.from.address,
    },
    to: [lead.email],
    ...(inbox ? { replyTo: { address: inbox } } : {}),
    subject,
    text,
    html,
    messageId: message.message_id,
    headers: {
      ...(message.in_reply_to ? { 'In-Reply-To': message.in_reply_to } : {}),
      ...(message.references ? { References: threadReferences(message.references) } : {}),
      'X-Quote-Reference': lead.reference,
    },
  };
}
