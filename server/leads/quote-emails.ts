import { company } from '../../common/company.ts';
import { quoteFields, quoteFormFields } from '../../common/quote-request.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { htmlPage, htmlParagraphs } from '../mail/html-email.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import { headerText, safeAddress, type OutgoingMail } from '../mail/outgoing-mail.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import type { LeadFile } from '../attachments/lead-files-read.ts';
import { emailFilesSection, inboxLinkOf } from './quote-email-files.ts';
import type { Lead } from './quote-tables.ts';

export interface QuoteEmailSettings {
  from: MailAddress;
  /** The company inbox. */
  to: string[];
  siteUrl: string;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The short fields, as label and value (an empty optional one is "not given"); the long ones go below them. */
const shortFields = quoteFields.filter((name) => quoteFormFields[name].control !== 'textarea');
const longFields = quoteFields.filter((name) => quoteFormFields[name].control === 'textarea');
const valueOf = (lead: Lead, name: (typeof quoteFields)[number]) =>
  lead[name] === '' ? 'not given' : lead[name];
const LABEL_WIDTH = Math.max(...shortFields.map((name) => quoteFormFields[name].label.length)) + 1;

/**
 * The notification to the company: every field, escaped, with Reply-To set to
 * the visitor, and the files' names and sizes with a link to the inbox (never
 * the files). It names the lead by its random reference, never its row id: a
 * staff reply carries the subject back to the visitor.
 */
export function notificationEmail(
  lead: Lead,
  row: OutboxRow,
  settings: QuoteEmailSettings,
  files: readonly LeadFile[] = [],
): OutgoingMail {
  const name = headerText(lead.name, 100);
  const subject = `Quote request from ${name} (${lead.reference})`;
  const received = formatTime(lead.created_at);
  const replyAddress = safeAddress(lead.email);
  const attached = emailFilesSection(files, inboxLinkOf(settings.siteUrl, lead.reference));

  const text = [
    `New quote request ${lead.reference}, received ${received} from the page ${lead.source_page}.`,
    '',
    ...shortFields.map(
      (field) => `${`${quoteFormFields[field].label}:`.padEnd(LABEL_WIDTH)} ${valueOf(lead, field)}`,
    ),
    ...longFields.flatMap((field) => ['', `${quoteFormFields[field].label}:`, lead[field]]),
    ...attached.text,
    '',
    '--',
    `Reply to this email to answer ${lead.name} directly.`,
    `Sent by the quote form of ${settings.siteUrl}.`,
    '',
  ].join('\n');

  const rows = [
    ...shortFields.map((field) => [quoteFormFields[field].label, valueOf(lead, field)] as const),
    ['Page', lead.source_page] as const,
    ['Received', received] as const,
  ]
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding: 4px 16px 4px 0;">${escapeHtml(label)}</th><td style="padding: 4px 0;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const blocks = longFields
    .map(
      (field) => `<h2 style="font-size: 16px;">${escapeHtml(quoteFormFields[field].label)}</h2>
<div style="white-space: pre-wrap; border-left: 3px solid #cbd5e1; padding-left: 12px;">${escapeHtml(lead[field])}</div>`,
    )
    .join('\n');
  const html = htmlPage(
    subject,
    `<h1 style="font-size: 20px;">New quote request ${escapeHtml(lead.reference)}</h1>
<table role="presentation" style="border-collapse: collapse;">
${rows}
</table>
${blocks}
${attached.html}
<p style="color: #475569; font-size: 13px;">Reply to this email to answer ${escapeHtml(lead.name)} directly. Sent by the quote form of ${escapeHtml(settings.siteUrl)}.</p>`,
  );

  return {
    from: settings.from,
    to: settings.to,
    ...(replyAddress ? { replyTo: { name, address: replyAddress } } : {}),
    subject,
    text,
    html,
    messageId: row.message_id,
    headers: { 'X-Quote-Reference': lead.reference },
  };
}

/** The auto-reply's subject, text and HTML: staff's text, the lead's reference, the signature. */
export function autoReplyContent(staffText: string, reference: string, siteUrl: string) {
  const subject = `We received your quote request – ${company.name}`;
  const written = staffText.replace(/\r\n?/g, '\n').trim();
  const notYou = `You get this email because this address was entered in the quote form at ${siteUrl}. If that was not you, please ignore it.`;
  const text = [written, '', `Your reference: ${reference}`, '', company.name, siteUrl, '', notYou, ''].join(
    '\n',
  );
  const paragraphs = htmlParagraphs(written);
  const html = htmlPage(
    subject,
    `${paragraphs}
<p>Your reference: <strong>${escapeHtml(reference)}</strong></p>
<p>${escapeHtml(company.name)}<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>
<p style="color: #475569; font-size: 13px;">${escapeHtml(notYou)}</p>`,
  );
  return { subject, text, html };
}

/**
 * The acknowledgement to the visitor (Settings → Auto-reply): the text staff wrote, read when it is
 * sent, and the lead's reference. It repeats nothing the visitor typed, their name included (the
 * address may not be theirs: the form must not let anyone send a text of their choosing to any
 * address through the company's mail server).
 */
export function acknowledgementEmail(
  lead: Pick<Lead, 'reference'>,
  row: OutboxRow,
  settings: QuoteEmailSettings,
  staffText: string,
): OutgoingMail {
  const { subject, text, html } = autoReplyContent(staffText, lead.reference, settings.siteUrl);
  const inbox = settings.to[0];
  return {
    from: settings.from,
    to: [row.recipient],
    ...(inbox ? { replyTo: { address: inbox } } : {}),
    subject,
    text,
    html,
    messageId: row.message_id,
    // RFC 3834: an automatic reply; auto-responders must not answer it.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  };
}
