import { createHash } from 'node:crypto';
import { convert } from 'html-to-text';
import { simpleParser, type ParsedMail } from 'mailparser';
import { splitQuoted } from './quoted-text.ts';

/** What came in, as the conversation keeps it: never HTML, the quote apart, what kind of mail it is. */
export interface IncomingMail {
  /** With its angle brackets; made from the content when the mail has none (the same on every read). */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  fromAddress: string;
  fromName: string;
  subject: string;
  date: Date | undefined;
  body: string;
  quoted: string;
  kind: 'answer' | 'auto-reply' | 'bounce';
  /** A bounce: the Message-IDs of the mail that was not delivered. */
  bouncedIds: string[];
  /** The files it brought (checked and kept with the lead by answer-files.ts). */
  attachments: { name: string; size: number; content: Buffer }[];
  /** Its Authentication-Results headers' values, from the top (sender-check.ts trusts only our server's). */
  authenticationResults: string[];
}

const AUTO_SUBJECT =
  /^(automatic reply|auto(matic)?[- ]?(reply|response)|out of (the )?office|abwesenheit|autosvar|r[ée]ponse automatique)\b|^auto:/i;

/** RFC 3834's Auto-Submitted (anything but "no"), the vendors' headers, an out-of-office subject. */
function isAutoReply(mail: ParsedMail): boolean {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? value.trim().toLowerCase() : value ? 'yes' : '';
  };
  const submitted = header('auto-submitted');
  if (submitted && submitted !== 'no') return true;
  if (header('x-autoreply') || header('x-autorespond') || header('x-auto-response-suppress') === 'all')
    return true;
  if (['auto_reply', 'auto-reply'].includes(header('precedence'))) return true;
  return AUTO_SUBJECT.test(mail.subject ?? '');
}

/** The values of a header, from the top (the mail server that delivered it adds its own first). */
function headerValues(mail: ParsedMail, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) => line.line.slice(line.line.indexOf(':') + 1).trim());
}

/**
 * A DSN: multipart/report with report-type delivery-status, sent with a null return path (RFC 3464:
 * `Return-Path: <>`, as the delivering server writes it); any other is not a delivery report.
 */
function isBounce(mail: ParsedMail): boolean {
  if (!/^<\s*>$/.test(headerValues(mail, 'return-path')[0] ?? '')) return false;
  const type = mail.headers.get('content-type');
  if (!type || typeof type !== 'object' || !('value' in type)) return false;
  const params = 'params' in type ? (type.params as Record<string, string>) : {};
  return type.value === 'multipart/report' && params['report-type']?.toLowerCase() === 'delivery-status';
}

/** The Message-IDs named by a DSN's returned message or headers. */
function bouncedIdsOf(mail: ParsedMail): string[] {
  const returned = mail.attachments.filter((part) =>
    ['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers'].includes(part.contentType),
  );
  return returned.flatMap((part) => {
    const match = /^Message-ID:\s*(<[^>\s]+>)/im.exec(part.content.toString('utf8'));
    return match?.[1] ? [match[1]] : [];
  });
}

/** The text: the plain part, or the HTML converted (no script, no style, no image: nothing is fetched). */
function textOf(mail: ParsedMail, raw: Buffer): string {
  const hasPlain = /^Content-Type:\s*text\/plain/im.test(raw.toString('latin1'));
  if (hasPlain || !mail.html) return mail.text ?? '';
  return convert(mail.html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });
}

function idsOf(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : value.split(/\s+/)).filter((id) => /^<[^>\s]+>$/.test(id));
}

/** Parses a raw message (mailparser). */
export async function parseIncomingMail(raw: Buffer): Promise<IncomingMail> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const bounce = isBounce(mail);
  const from = mail.from?.value[0];
  const fullText = textOf(mail, raw);
  const { body, quoted } = bounce ? { body: fullText.trim(), quoted: '' } : splitQuoted(fullText);
  const messageId =
    idsOf(mail.messageId)[0] ?? `<${createHash('sha256').update(raw).digest('hex')}@no-message-id.invalid>`;
  return {
    messageId,
    inReplyTo: idsOf(mail.inReplyTo)[0] ?? null,
    references: idsOf(mail.references),
    fromAddress: (from?.address ?? '').toLowerCase(),
    fromName: from?.name ?? '',
    subject: mail.subject ?? '',
    date: mail.date,
    body,
    quoted,
    kind: bounce ? 'bounce' : isAutoReply(mail) ? 'auto-reply' : 'answer',
    bouncedIds: bounce ? bouncedIdsOf(mail) : [],
    attachments: mail.attachments
      .filter((part) => part.contentDisposition === 'attachment' && !!part.filename)
      .map((part) => ({ name: part.filename ?? '', size: part.size, content: part.content })),
    authenticationResults: headerValues(mail, 'authentication-results'),
  };
}
