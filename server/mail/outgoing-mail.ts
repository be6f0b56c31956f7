import type { MailAddress } from '../config.ts';

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

/** The mailer never throws: the outbox decides what a failure means from this. */
export type SendResult = { ok: true; detail: string } | { ok: false; permanent: boolean; error: string };

export interface Mailer {
  /** "smtp" or "file", for the logs. */
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_IN_HEADER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Makes text safe for a header such as Subject or a display name: no control
 * characters (so no CR/LF that could start a new header), single spaces, and
 * a bounded length. Validation refuses these characters already; this is the
 * second line of defence.
 */
export function headerText(value: string, maxLength = 120): string {
  const clean = value.replace(UNSAFE_IN_HEADER, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean;
}

/** An address usable in a header, or undefined when it is anything but a plain address. */
export function safeAddress(value: string): string | undefined {
  const address = value.trim();
  return /^[^\s<>()[\]\\,;:"@]+@[A-Za-z0-9.-]+$/.test(address) && address.length <= 254 ? address : undefined;
}
