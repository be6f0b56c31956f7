import { resolve } from 'node:path';
import type { Env } from './config-env.ts';
import type { DkimSettings } from '../mail/dkim-key.ts';

/** The parts of the Config that group several variables each (config.ts's toConfig composes them). */

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

const MB = 1024 * 1024;

/** The quote form's attachments: the limits (common/attachments.ts) and the virus scanner. */
export function attachmentConfig(value: Env) {
  return {
    limits: {
      maxFiles: value.ATTACHMENT_MAX_FILES,
      maxFileBytes: value.ATTACHMENT_MAX_FILE_MB * MB,
      maxTotalBytes: value.ATTACHMENT_MAX_TOTAL_MB * MB,
    },
    /** ATTACHMENT_DAILY_MB: bytes of files kept a UTC day, every instance together (daily-upload-cap.ts). */
    dailyBytes: value.ATTACHMENT_DAILY_MB * MB,
    /** CLAMD_URL: where clamd listens, tcp://host:port or unix:/path; undefined: files are not scanned. */
    clamdUrl: value.CLAMD_URL,
  };
}

/** Where the data lives (DATABASE_URL or DATABASE_PATH) and its backups. */
export function storageConfig(value: Env) {
  return {
    database: {
      /** PostgreSQL (DATABASE_URL); unset, SQLite at `path`. */
      url: value.DATABASE_URL,
      /** PostgreSQL connections in this instance's pool. */
      poolSize: value.DATABASE_POOL_SIZE,
      /** PostgreSQL: repeated writes prepared once per connection (parsed and planned once). */
      preparedStatements: value.DATABASE_PREPARED_STATEMENTS,
      /** Absolute path of the SQLite file; its directory is created on first start. */
      path: resolve(value.DATABASE_PATH),
      /** How long a write waits for a lock held by another connection before giving up (503). */
      busyTimeoutMs: value.DATABASE_BUSY_TIMEOUT_MS,
    },
    backup: {
      /** Where backups go (absolute). */
      dir: resolve(value.BACKUP_DIR),
      /** The server takes one this often; 0: never (npm run backup still works). */
      intervalMs: value.BACKUP_INTERVAL_HOURS * HOUR_MS,
      /** How many are kept; older ones are deleted. */
      keep: value.BACKUP_KEEP,
    },
  };
}

/** Mail: the SMTP server or where mail is kept without one, the senders, DKIM, the auto-reply's start. */
export function mailConfig(value: Env, dkim: DkimSettings | undefined) {
  return {
    /** SMTP server; without it mail is written as .eml files to `dir` (SQLite) or kept in the database (PostgreSQL). */
    smtpUrl: value.SMTP_URL,
    timeouts: {
      connectionMs: value.SMTP_CONNECTION_TIMEOUT_MS,
      greetingMs: value.SMTP_GREETING_TIMEOUT_MS,
      socketMs: value.SMTP_SOCKET_TIMEOUT_MS,
    },
    /** The company's own sender address. */
    from: value.MAIL_FROM,
    /** The newsletter's sender (NEWSLETTER_FROM); unset, `from`. */
    newsletterFrom: value.NEWSLETTER_FROM,
    /** The company inbox that receives the quote requests. */
    to: value.MAIL_TO,
    /** Where .eml files are written when there is no SMTP server (SQLite; PostgreSQL keeps them in the database). */
    dir: resolve(value.MAIL_DIR),
    /** DKIM signing of what goes through SMTP_URL (DKIM_*), or undefined. */
    dkim,
    /**
     * Whether the auto-reply starts on (ACK_EMAIL), for a new database only: it seeds Settings →
     * Auto-reply once, and staff decide from then on.
     */
    acknowledge: value.ACK_EMAIL,
    /**
     * IMAP_AUTHSERV_ID: the company mail server's name in the Authentication-Results it adds, the only
     * ones an answer's sender check trusts; undefined: none is trusted.
     */
    authservId: value.IMAP_AUTHSERV_ID,
  };
}

/** The inbox: its time zone, its sessions' limits, the team's timings, the sign-in limit. */
export function adminConfig(value: Env) {
  return {
    /** Times in the inbox are shown in this zone. */
    timeZone: value.ADMIN_TIME_ZONE,
    session: {
      idleMs: value.ADMIN_SESSION_IDLE_HOURS * HOUR_MS,
      maxAgeMs: value.ADMIN_SESSION_MAX_DAYS * DAY_MS,
    },
    team: {
      /** A lead without a first contact this long is escalated once; 0: never. */
      firstResponseMs: value.FIRST_RESPONSE_MINUTES * 60_000,
      /** "HH:MM" in the inbox's time zone: when the day's follow-up reminders and digests are sent. */
      reminderTime: value.FOLLOW_UP_REMINDER_TIME,
    },
    /** Failed sign-ins and invitation acceptances allowed per client address and window. */
    signInLimit: {
      max: value.ADMIN_SIGN_IN_RATE_LIMIT_MAX,
      windowMs: value.ADMIN_SIGN_IN_RATE_LIMIT_WINDOW_MS,
    },
  };
}
