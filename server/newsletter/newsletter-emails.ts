import { company } from '../../common/company.ts';
import { newsletterPaths } from '../../common/newsletter.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { htmlPage } from '../mail/html-email.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { CONFIRM_TOKEN_TTL_MS } from './subscriber-tokens.ts';

export interface NewsletterEmailSettings {
  from: MailAddress;
  /** The company inbox, for replies. */
  replyTo: string | undefined;
  /** The public origin the links point to (SITE_URL). */
  siteUrl: string;
}

/** The page of a link, with the token that makes it work. */
function tokenUrl(siteUrl: string, path: string, token: string): string {
  return `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 2369 and RFC 8058: mail programs show an "Unsubscribe" button, and a
 * provider's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" to the
 * URL, which the server takes as the subscriber leaving. On every email to a
 * subscriber. (Providers honour it only on mail with a DKIM signature that
 * covers these headers: the SMTP provider's DKIM, or DKIM_*; see docs/deploy.md.)
 */
function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const HOURS = CONFIRM_TOKEN_TTL_MS / (60 * 60 * 1000);

/**
 * The double opt-in email: a link to the page with the Confirm button. It
 * says what happens if the visitor does nothing (nothing), and offers the
 * unsubscribe link too, for someone whose address was entered by another.
 */
export function confirmationEmail(
  row: OutboxRow,
  links: { confirmToken: string; unsubscribeToken: string },
  settings: NewsletterEmailSettings,
): OutgoingMail {
  const confirmUrl = tokenUrl(settings.siteUrl, newsletterPaths.confirm, links.confirmToken);
  const unsubscribeUrl = tokenUrl(settings.siteUrl, newsletterPaths.unsubscribe, links.unsubscribeToken);
  const subject = `Please confirm your subscription to the ${company.name} newsletter`;
  const text = [
    'Hello,',
    '',
    `Someone, hopefully you, asked to receive the ${company.name} newsletter at this address. To confirm, open this link and press the Confirm button on the page:`,
    '',
    confirmUrl,
    '',
    `The link works for ${HOURS} hours. If you did not ask for this, ignore this email: you will not be subscribed and we will not write again. To make sure we never email this address, open this link instead:`,
    '',
    unsubscribeUrl,
    '',
    company.name,
    settings.siteUrl,
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `<p>Hello,</p>
<p>Someone, hopefully you, asked to receive the ${escapeHtml(company.name)} newsletter at this address. To confirm, open this link and press the Confirm button on the page:</p>
<p><a href="${escapeHtml(confirmUrl)}" style="display: inline-block; background: #1d4ed8; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none; font-weight: bold;">Confirm my subscription</a></p>
<p style="font-size: 13px; color: #475569;">Or copy this address into your browser: ${escapeHtml(confirmUrl)}</p>
<p>The link works for ${HOURS} hours. If you did not ask for this, ignore this email: you will not be subscribed and we will not write again. To make sure we never email this address, <a href="${escapeHtml(unsubscribeUrl)}">unsubscribe it</a>.</p>
<p>${escapeHtml(company.name)}<br><a href="${escapeHtml(settings.siteUrl)}">${escapeHtml(settings.siteUrl)}</a></p>`,
  );
  return {
    from: settings.from,
    to: [row.recipient],
    ...(settings.replyTo ? { replyTo: { address: settings.replyTo } } : {}),
    subject,
    text,
    html,
    messageId: row.message_id,
    headers: {
      ...listUnsubscribeHeaders(unsubscribeUrl),
      // RFC 3834: sent by a program; auto-responders must not answer it.
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
    },
  };
}
