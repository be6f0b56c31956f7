import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { company } from '../common/company.ts';
import type { MailAddress } from './mail/mail-address.ts';
import type { SmtpTimeouts } from './mail/mailer.ts';
import { ConfigError, describeIssues, presentVariables, siteSettings } from './site-settings.ts';

export { ConfigError };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `TRUST_PROXY`: false, true, a hop count, or a comma-separated list of addresses/CIDRs. */
const trustProxyText = z.string().transform((value, context): boolean | number | string[] => {
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

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0)
  .max(65535, 'must be between 0 and 65535');

/** A whole number of milliseconds (or a count) within bounds. */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const booleanText = z.string().transform((value, context) => {
  const text = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  context.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const emailAddress = z.email();

/** An IANA time zone such as Asia/Kolkata, as the browser's Intl knows them. */
const timeZone = z.string().refine(
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

/** `Name <address>` or a bare `address`. */
const mailAddressText = z.string().transform((value, context): MailAddress => {
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

const mailAddressList = z.string().transform((value, context): string[] => {
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

const smtpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    } catch {
      return false;
    }
  },
  { message: 'must be a URL such as smtps://user:password@smtp.example.com:465 or smtp://host:587' },
);

/** Variables whose value must never be echoed in an error message (they may hold a password). */
const SECRET_VARIABLES = new Set(['SMTP_URL']);

/** Every environment variable the server reads, with its default. .env.example lists them. */
const envSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SITE_DIR: z.string().min(1).default('build/client'),
  // SITE_URL and QUOTE_ENDPOINT: the schema the build reads too.
  ...siteSettings.shape,
  NODE_ENV: z
    .enum(['production', 'development', 'test'], { error: 'must be production, development or test' })
    .default('development'),
  TRUST_PROXY: trustProxyText.default(false),

  HTTP_HEADERS_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  HTTP_IDLE_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),

  DATABASE_PATH: z.string().min(1).default('data/site.db'),
  DATABASE_BUSY_TIMEOUT_MS: wholeNumber(0, 60_000).default(5_000),
  BACKUP_DIR: z.string().min(1).default('data/backups'),
  BACKUP_INTERVAL_HOURS: wholeNumber(0, 24 * 30).default(24),
  BACKUP_KEEP: wholeNumber(1, 1000).default(14),
  SPAM_RETENTION_DAYS: wholeNumber(0, 3650).default(30),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0, 60_000).default(1_000),
  PRESSURE_MAX_HEAP_USED_MB: wholeNumber(0, 1_000_000).default(0),

  RATE_LIMIT_MAX: wholeNumber(1, 1_000_000).default(5),
  RATE_LIMIT_WINDOW_MS: wholeNumber(1_000, 86_400_000).default(600_000),
  NEWSLETTER_RATE_LIMIT_MAX: wholeNumber(1, 1_000_000).default(5),
  NEWSLETTER_RATE_LIMIT_WINDOW_MS: wholeNumber(1_000, 86_400_000).default(600_000),
  NEWSLETTER_CONFIRMATIONS_PER_DAY: wholeNumber(1, 10).default(3),

  SMTP_URL: smtpUrl.optional(),
  SMTP_CONNECTION_TIMEOUT_MS: wholeNumber(100, 300_000).default(10_000),
  SMTP_GREETING_TIMEOUT_MS: wholeNumber(100, 300_000).default(10_000),
  SMTP_SOCKET_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  MAIL_FROM: mailAddressText.prefault(company.email),
  MAIL_TO: mailAddressList.prefault(company.email),
  MAIL_DIR: z.string().min(1).default('data/mail'),
  ACK_EMAIL: booleanText.default(false),

  ADMIN_TIME_ZONE: timeZone.default('Asia/Kolkata'),
  ADMIN_SESSION_IDLE_HOURS: wholeNumber(1, 720).default(12),
  ADMIN_SESSION_MAX_DAYS: wholeNumber(1, 90).default(7),
  ADMIN_SIGN_IN_RATE_LIMIT_MAX: wholeNumber(1, 1_000_000).default(10),
  ADMIN_SIGN_IN_RATE_LIMIT_WINDOW_MS: wholeNumber(1_000, 86_400_000).default(600_000),

  OUTBOX_POLL_MS: wholeNumber(10, 3_600_000).default(5_000),
  OUTBOX_RETRY_BASE_MS: wholeNumber(1, 3_600_000).default(30_000),
  OUTBOX_RETRY_MAX_MS: wholeNumber(1, 86_400_000).default(3_600_000),
  OUTBOX_MAX_ATTEMPTS: wholeNumber(1, 100).default(15),
});

/** The names of every variable the server reads. */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  /** NODE_ENV: production refuses settings that are only safe on a laptop. */
  production: boolean;
  /** What the operator should know at start (logged as warnings). */
  warnings: string[];
  host: string;
  port: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built site (the prerendered pages and assets). */
  siteDir: string;
  /** The site's public origin, e.g. https://www.example.com. */
  siteUrl: string;
  /** Whether SITE_URL was set; otherwise siteUrl is the placeholder default. */
  siteUrlIsSet: boolean;
  trustProxy: boolean | number | string[];
  /** Origins other than the site's that the quote form posts to (from QUOTE_ENDPOINT). */
  formOrigins: string[];
  /** How long a client may take; a slower one gets 408 and is disconnected. */
  http: {
    /** To send the request line and headers (slow-header attacks). */
    headersTimeoutMs: number;
    /** To send the whole request, body included (slow bodies). */
    requestTimeoutMs: number;
    /** Of silence on a connection before it is closed. */
    idleTimeoutMs: number;
  };
  database: {
    /** Absolute path of the SQLite file; its directory is created on first start. */
    path: string;
    /** How long a write waits for a lock held by another connection before giving up (503). */
    busyTimeoutMs: number;
  };
  backup: {
    /** Where backups go (absolute). */
    dir: string;
    /** The server takes one this often; 0: never (npm run backup still works). */
    intervalMs: number;
    /** How many are kept; older ones are deleted. */
    keep: number;
  };
  /** Spam leads older than this are deleted; 0: kept for ever. */
  spamRetentionMs: number;
  /** Beyond these the server answers 503 with Retry-After instead of timing out (0: not checked). */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number };
  /** Quote requests accepted per client address and window. */
  rateLimit: { max: number; windowMs: number };
  newsletter: {
    /** Newsletter sign-ups accepted per client address and window. */
    rateLimit: { max: number; windowMs: number };
    /** Confirmation emails one address may be sent in 24 hours. */
    confirmationsPerDay: number;
  };
  mail: {
    /** SMTP server; without it mail is written as .eml files to `dir`. */
    smtpUrl: string | undefined;
    timeouts: SmtpTimeouts;
    /** The company's own sender address. */
    from: MailAddress;
    /** The company inbox that receives the quote requests. */
    to: string[];
    /** Where .eml files are written when there is no SMTP server. */
    dir: string;
    /** Whether visitors get an acknowledgement email. */
    acknowledge: boolean;
  };
  admin: {
    /** Times in the inbox are shown in this zone. */
    timeZone: string;
    session: { idleMs: number; maxAgeMs: number };
    /** Failed sign-ins and invitation acceptances allowed per client address and window. */
    signInLimit: { max: number; windowMs: number };
  };
  outbox: {
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
  };
}

/**
 * Reads and checks the configuration. A bad value throws a ConfigError whose
 * message names every variable that is wrong.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(presentVariables(env));
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues, env, SECRET_VARIABLES));
  const value = result.data;
  const production = value.NODE_ENV === 'production';
  const warnings: string[] = [];
  if (value.TRUST_PROXY === true) {
    // Every X-Forwarded-For would be believed: any client could pick its own address, and so its
    // own rate-limit key. Behind one proxy on the same machine, TRUST_PROXY=1 (or its address) is right.
    const why =
      'TRUST_PROXY=true believes any X-Forwarded-For header, so a client can choose its own address and escape the rate limits; set the number of proxies in front of the server (1) or their addresses (127.0.0.1)';
    if (production) throw new ConfigError(`Invalid configuration:\n  ${why}.`);
    warnings.push(`${why} before going to production.`);
  }
  if (production && !value.SMTP_URL) {
    warnings.push(
      `SMTP_URL is not set: notifications are only written as .eml files to ${resolve(value.MAIL_DIR)}, so nobody is told of a new lead`,
    );
  }
  if (value.OUTBOX_RETRY_MAX_MS < value.OUTBOX_RETRY_BASE_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  OUTBOX_RETRY_MAX_MS must be at least OUTBOX_RETRY_BASE_MS (${value.OUTBOX_RETRY_BASE_MS})`,
    );
  }
  if (value.HTTP_HEADERS_TIMEOUT_MS > value.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS (${value.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  if (value.ADMIN_SESSION_IDLE_HOURS > value.ADMIN_SESSION_MAX_DAYS * 24) {
    throw new ConfigError(
      `Invalid configuration:\n  ADMIN_SESSION_IDLE_HOURS must be at most ADMIN_SESSION_MAX_DAYS in hours (${value.ADMIN_SESSION_MAX_DAYS * 24})`,
    );
  }
  if (value.HTTP_IDLE_TIMEOUT_MS <= value.DATABASE_BUSY_TIMEOUT_MS) {
    // Otherwise a request waiting for the database lock could be cut off, then stored unanswered.
    throw new ConfigError(
      `Invalid configuration:\n  HTTP_IDLE_TIMEOUT_MS must be more than DATABASE_BUSY_TIMEOUT_MS (${value.DATABASE_BUSY_TIMEOUT_MS})`,
    );
  }
  return {
    production,
    warnings,
    host: value.HOST,
    port: value.PORT,
    logLevel: value.LOG_LEVEL,
    siteDir: resolve(value.SITE_DIR),
    siteUrl: value.SITE_URL,
    siteUrlIsSet: Boolean(env.SITE_URL),
    trustProxy: value.TRUST_PROXY,
    formOrigins: value.QUOTE_ENDPOINT.otherOrigin ? [value.QUOTE_ENDPOINT.otherOrigin] : [],
    http: {
      headersTimeoutMs: value.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: value.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: value.HTTP_IDLE_TIMEOUT_MS,
    },
    database: { path: resolve(value.DATABASE_PATH), busyTimeoutMs: value.DATABASE_BUSY_TIMEOUT_MS },
    backup: {
      dir: resolve(value.BACKUP_DIR),
      intervalMs: value.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000,
      keep: value.BACKUP_KEEP,
    },
    spamRetentionMs: value.SPAM_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    pressure: {
      maxEventLoopDelayMs: value.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      // 0: 90% of the heap this Node process may use.
      maxHeapUsedBytes:
        value.PRESSURE_MAX_HEAP_USED_MB > 0
          ? value.PRESSURE_MAX_HEAP_USED_MB * 1024 * 1024
          : Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    },
    rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_MS },
    newsletter: {
      rateLimit: { max: value.NEWSLETTER_RATE_LIMIT_MAX, windowMs: value.NEWSLETTER_RATE_LIMIT_WINDOW_MS },
      confirmationsPerDay: value.NEWSLETTER_CONFIRMATIONS_PER_DAY,
    },
    mail: {
      smtpUrl: value.SMTP_URL,
      timeouts: {
        connectionMs: value.SMTP_CONNECTION_TIMEOUT_MS,
        greetingMs: value.SMTP_GREETING_TIMEOUT_MS,
        socketMs: value.SMTP_SOCKET_TIMEOUT_MS,
      },
      from: value.MAIL_FROM,
      to: value.MAIL_TO,
      dir: resolve(value.MAIL_DIR),
      acknowledge: value.ACK_EMAIL,
    },
    admin: {
      timeZone: value.ADMIN_TIME_ZONE,
      session: {
        idleMs: value.ADMIN_SESSION_IDLE_HOURS * 60 * 60 * 1000,
        maxAgeMs: value.ADMIN_SESSION_MAX_DAYS * 24 * 60 * 60 * 1000,
      },
      signInLimit: {
        max: value.ADMIN_SIGN_IN_RATE_LIMIT_MAX,
        windowMs: value.ADMIN_SIGN_IN_RATE_LIMIT_WINDOW_MS,
      },
    },
    outbox: {
      pollMs: value.OUTBOX_POLL_MS,
      retryBaseMs: value.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: value.OUTBOX_RETRY_MAX_MS,
      maxAttempts: value.OUTBOX_MAX_ATTEMPTS,
    },
  };
}
