import { z } from 'zod';
import type { MailAddress } from '../mail/mail-address.ts';

/** The kinds of value the environment holds, each checked with a message that says what is expected. */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `TRUST_PROXY`: false, true, a hop count, or a comma-separated list of addresses/CIDRs. */
export const trustProxyText = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(',').map((part) => part.trim());
  if (list.some((part) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part))) {
    context.addIssue({
      code: 'custom',
      message: 'must be false, true, a hop count, or a comma-separated list of IP addresses or CIDR ranges',
    });
    return z.NEVER;
  }
  return list;
});

export const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0)
  .max(65535, 'must be between 0 and 65535');

/** A whole number of milliseconds (or a count) within bounds. */
export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

export const booleanText = z.string().transform((value, context) => {
  const text = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  context.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const emailAddress = z.email();

/** An IANA time zone such as Asia/Kolkata, as the browser's Intl knows them. */
export const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-IN', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as Asia/Kolkata' },
);

/** A time of day on a 24-hour clock, "HH:MM" (e.g. 09:00), kept as that text. */
export const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 09:00 (HH:MM, 24-hour)');

/** `Name <address>` or a bare `address`. */
export const mailAddressText = z.string().transform((value, context): MailAddress => {
  const text = value.trim();
  const match = /^(?:"?([^"<>\r\n\\]*?)"?\s*)?<([^<>\s]+)>$/.exec(text);
  const name = match ? match[1]?.trim() : undefined;
  const address = match ? match[2] : text;
  if (!address || !emailAddress.safeParse(address).success) {
    context.addIssue({
      code: 'custom',
      message: 'must be an email address, optionally with a name: "Acme Tech <hello@example.com>"',
    });
    return z.NEVER;
  }
  return name ? { name, address } : { address };
});

export const mailAddressList = z.string().transform((value, context): string[] => {
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((address) => !emailAddress.safeParse(address).success)) {
    context.addIssue({
      code: 'custom',
      message: 'must be one email address, or several separated by commas',
    });
    return z.NEVER;
  }
  return list;
});

/** Whether a text is a URL that `accepts` takes (a text that is no URL is not). */
const urlWhere = (accepts: (url: URL) => boolean) => (value: string) => {
  try {
    return accepts(new URL(value));
  } catch {
    return false;
  }
};

/** A URL, trimmed, that `accepts` takes; otherwise `message` says what is expected. */
const trimmedUrl = (accepts: (url: URL) => boolean, message: string) =>
  z.string().trim().refine(urlWhere(accepts), { message });

export const smtpUrl = z.string().refine(
  urlWhere((url) => (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''),
  {
    message: 'must be a URL such as smtps://user:password@smtp.example.com:465 or smtp://host:587',
  },
);

/** `DATABASE_URL`: postgres:// or postgresql://, e.g. postgres://site:password@db.example.com:5432/site. */
export const databaseUrl = trimmedUrl(
  (url) => ['postgres:', 'postgresql:'].includes(url.protocol) && url.hostname !== '',
  'must be a URL such as postgres://user:password@db.example.com:5432/site',
);

/** `REDIS_URL`: redis:// or rediss:// (TLS), e.g. redis://:password@127.0.0.1:6379/0. */
export const redisUrl = trimmedUrl(
  (url) => ['redis:', 'rediss:'].includes(url.protocol),
  'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379',
);

/** `CLAMD_URL`: tcp://host:port (clamd's TCPSocket) or unix:/path (its LocalSocket). */
export const clamdUrl = trimmedUrl(
  (url) =>
    url.protocol === 'unix:'
      ? url.pathname.startsWith('/')
      : url.protocol === 'tcp:' && url.hostname !== '' && url.port !== '',
  'must be tcp://host:port or unix:/path/to/clamd.ctl, e.g. tcp://127.0.0.1:3310',
);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `IMAP_URL`: imaps://user:password@host[:port]/MAILBOX, or imap:// (STARTTLS is then required), or imap://
 * without TLS to a loopback host only (the tests' Dovecot). The user and password are percent-encoded.
 */
export const imapUrl = trimmedUrl(
  (url) => ['imap:', 'imaps:'].includes(url.protocol) && url.hostname !== '' && url.username !== '',
  'must be imaps://user:password@host/INBOX (or imap:// with STARTTLS)',
);

/** Whether an IMAP_URL's host is this machine, where imap:// may go without TLS. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * `IMAP_AUTHSERV_ID`: the company mail server's authserv-id, the first word of the Authentication-Results
 * headers it adds (RFC 8601), e.g. mx.example.com: one token, no space, semicolon, comment or quote.
 */
export const authservId = z
  .string()
  .trim()
  .regex(/^[^\s;()"\\]{1,255}$/, {
    message:
      'must be the name your mail server writes first in its Authentication-Results, e.g. mx.example.com',
  });
