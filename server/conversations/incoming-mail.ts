import { createHash } from 'node:crypto';
import { htmlText } from './html-text.ts';
import { readMail, type ReadMail } from './mail-read.ts';
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
  /** The text was longer than is kept (MAX_TEXT_CHARS, or HTML past its bounds): the rest is left out. */
  textCut: boolean;
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
function isAutoReply(mail: ReadMail): boolean {
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
function headerValues(mail: ReadMail, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) => line.line.slice(line.line.indexOf(':') + 1).trim());
}

/**
 * A DSN: multipart/report with report-type delivery-status, sent with a null return path (RFC 3464:
 * `Return-Path: <>`, as the delivering server writes it); any other is not a delivery report.
 */
function isBounce(mail: ReadMail): boolean {
  if (!/^<\s*>$/.test(headerValues(mail, 'return-path')[0] ?? '')) return false;
  const type = mail.headers.get('content-type');
  if (!type || typeof type !== 'object' || !('value' in type)) return false;
  const params = 'params' in type ? (type.params as Record<string, string>) : {};
  return type.value === 'multipart/report' && params['report-type']?.toLowerCase() === 'delivery-status';
}

/** The Message-IDs named by a DSN's returned message or headers. */
function bouncedIdsOf(mail: ReadMail): string[] {
  const returned = mail.attachments.filter((part) =>
    ['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers'].includes(part.contentType),
  );
  return returned.flatMap((part) => {
    const match = /^Message-ID:\s*(<[^>\s]+>)/im.exec(part.content.toString('utf8'));
    return match?.[1] ? [match[1]] : [];
  });
}

/** The most of a mail's text kept and shown (what it says and what it quoted, together). */
export const MAX_TEXT_CHARS = 100_000;

/**
 * The text, from the parsed structure: the message's own text (mailparser's text: its text parts, not
 * a text file attached), else its HTML converted (htmlText: bounded; no script, style or image, so
 * nothing is fetched). At most MAX_TEXT_CHARS; `cut` when some of it was left out.
 */
function textOf(mail: ReadMail): { text: string; cut: boolean } {
  const own = mail.text?.trim() ? mail.text : undefined;
  const html = own === undefined && mail.html ? htmlText(mail.html) : undefined;
  const text = html?.text ?? own ?? '';
  // A text part read only in part (mail-read.ts) is cut too, when it is the kind shown.
  const partCut = html
    ? mail.cut.has('text/html')
    : own !== undefined && [...mail.cut].some((type) => type !== 'text/html');
  const cut = (html?.cut ?? false) || partCut;
  return text.length > MAX_TEXT_CHARS ? { text: text.slice(0, MAX_TEXT_CHARS), cut: true } : { text, cut };
}

function idsOf(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : value.split(/\s+/)).filter((id) => /^<[^>\s]+>$/.test(id));
}

/** Parses a raw message (mailparser: each text part read up to MAX_TEXT_PART_BYTES). */
export async function parseIncomingMail(raw: Buffer): Promise<IncomingMail> {
  const mail = await readMail(raw);
  const bounce = isBounce(mail);
  const from = mail.from?.value[0];
  const { text: fullText, cut } = textOf(mail);
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
    textCut: cut,
    kind: bounce ? 'bounce' : isAutoReply(mail) ? 'auto-reply' : 'answer',
    bouncedIds: bounce ? bouncedIdsOf(mail) : [],
    attachments: mail.attachments
      .filter((part) => part.contentDisposition === 'attachment' && !!part.filename)
      .map((part) => ({ name: part.filename ?? '', size: part.size, content: part.content })),
    authenticationResults: headerValues(mail, 'authentication-results'),
  };
}
