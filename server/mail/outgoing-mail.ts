import type { MailAddress } from './mail-address.ts';

/** One email, ready for any mailer. Every text in it comes from the database or the config. */
export interface OutgoingMail {
  from: MailAddress;
  to: string[];
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  /** `<local@domain>`, the same on every attempt. */
  messageId: string;
  headers?: Record<string, string>;
}

/**
 * The mailer never throws: the outbox decides what a failure means from this. An HTTP transport adds
 * the answer's status code (none when no answer came) and how long the request took.
 */
export type SendResult = ({ ok: true; detail: string } | { ok: false; permanent: boolean; error: string }) & {
  status?: number;
  durationMs?: number;
};

/** "smtp": handed to a mail server; "file" or "database": not sent, only kept (no SMTP_URL). */
export type MailerKind = 'smtp' | 'file' | 'database';

export interface Mailer {
  /** How emails leave, for the logs and the outbox: "smtp", or not sent: "file" (.eml in MAIL_DIR) or "database". */
  readonly kind: MailerKind;
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_IN_HEADER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The start of an RFC 2047 encoded word, `=?charset?B?...?=`, which mail programs decode. */
const ENCODED_WORD_START = /=\?/g;

/**
 * Makes text safe for a header such as Subject or a display name: no control
 * characters (so no CR/LF that could start a new header), single spaces, and
 * a bounded length. Validation refuses these characters already; this is the
 * second line of defence. A visitor's "=?" becomes "= ?": typed literally, an
 * encoded word would be decoded by the reader's mail program into other text
 * (control characters included) than what was sent.
 */
export function headerText(value: string, maxLength = 120): string {
  const clean = value
    .replace(UNSAFE_IN_HEADER, ' ')
    .replace(ENCODED_WORD_START, '= ?')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean;
}

/** An address usable in a header, or undefined when it is anything but a plain address. */
export function safeAddress(value: string): string | undefined {
  const address = value.trim();
  return /^[^\s<>()[\]\\,;:"@]+@[A-Za-z0-9.-]+$/.test(address) && address.length <= 254 ? address : undefined;
}
