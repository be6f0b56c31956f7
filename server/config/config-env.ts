import { z } from 'zod';
import { company } from '../../common/company.ts';
import {
  booleanText,
  LOG_LEVELS,
  mailAddressList,
  mailAddressText,
  port,
  databaseUrl,
  redisUrl,
  clamdUrl,
  imapUrl,
  authservId,
  smtpUrl,
  timeOfDay,
  timeZone,
  trustProxyText,
  wholeNumber,
} from './config-values.ts';
import { siteSettings, siteUrlSetting } from './site-settings.ts';

/** Variables whose value must never be echoed in an error message (they may hold a password or a token). */
export const SECRET_VARIABLES = new Set([
  'SMTP_URL',
  'READYZ_TOKEN',
  'REDIS_URL',
  'DATABASE_URL',
  'IMAP_URL',
]);

/**
 * Every environment variable the server reads, with its default: the one place a variable is
 * defined. .env.example and docs/configuration.md's table list exactly these (a test checks).
 */
export const envSchema = z.object({
  // Unset: 127.0.0.1 outside production (a laptop's server unreachable from the café's network), 0.0.0.0 in
  // production (a container's port must be reachable from outside it).
  HOST: z.string().min(1).optional(),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SITE_DIR: z.string().min(1).default('build/client'),
  // Checked as the build checks them. Unset, SITE_URL is http://localhost:PORT (refused in production).
  SITE_URL: siteUrlSetting.optional(),
  QUOTE_ENDPOINT: siteSettings.shape.QUOTE_ENDPOINT,
  NODE_ENV: z
    .enum(['production', 'development', 'test'], { error: 'must be production, development or test' })
    .default('development'),
  TRUST_PROXY: trustProxyText.default(false),
  READYZ_TOKEN: z.string().trim().min(16, 'must be at least 16 characters long').optional(),

  HTTP_HEADERS_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  HTTP_IDLE_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),

  // Set: PostgreSQL, and DATABASE_PATH is only the file `npm run db:copy` reads. Unset: SQLite.
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_PATH: z.string().min(1).default('data/site.db'),
  // The folder of pg_dump and pg_restore (backups with DATABASE_URL); unset: PATH, then /usr/lib/postgresql/*/bin.
  // Read where the programs are run (server/ops/postgres-programs.ts); checked here like every variable.
  PG_BIN: z.string().trim().min(1).optional(),
  // Connections each instance keeps to PostgreSQL; instances × this must stay below its max_connections.
  DATABASE_POOL_SIZE: wholeNumber(1, 1_000).default(20),
  // Repeated writes prepared once per connection (false behind a pooler that cannot keep them: PgBouncer
  // in transaction mode before 1.21, or without max_prepared_statements).
  DATABASE_PREPARED_STATEMENTS: booleanText.default(true),
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
  // Campaign emails claimed per minute, counted in the database (all instances together); 0: no throttle.
  CAMPAIGN_RATE_PER_MINUTE: wholeNumber(0, 1_000_000).default(60),
  REDIS_URL: redisUrl.optional(),

  SMTP_URL: smtpUrl.optional(),
  SMTP_CONNECTION_TIMEOUT_MS: wholeNumber(100, 300_000).default(10_000),
  SMTP_GREETING_TIMEOUT_MS: wholeNumber(100, 300_000).default(10_000),
  SMTP_SOCKET_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  MAIL_FROM: mailAddressText.prefault(company.email),
  MAIL_TO: mailAddressList.prefault(company.email),
  MAIL_DIR: z.string().min(1).default('data/mail'),
  // The newsletter's sender (confirmations, campaigns); unset: MAIL_FROM.
  NEWSLETTER_FROM: mailAddressText.optional(),
  // DKIM signing of SMTP mail: all three or none (checked by loadConfig; the key is never logged).
  DKIM_DOMAIN: z.string().trim().min(1).optional(),
  DKIM_SELECTOR: z.string().trim().min(1).optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  // The auto-reply's first setting for a new database; afterwards Settings → Auto-reply decides.
  ACK_EMAIL: booleanText.default(false),
  // Lets integrations call loopback, private and link-local addresses (intranet receivers, tests).
  WEBHOOK_ALLOW_PRIVATE: booleanText.default(false),
  // The quote form's attachments: files per request, megabytes per file and for all of them together.
  ATTACHMENT_MAX_FILES: wholeNumber(0, 20).default(5),
  ATTACHMENT_MAX_FILE_MB: wholeNumber(1, 100).default(10),
  ATTACHMENT_MAX_TOTAL_MB: wholeNumber(1, 200).default(25),
  // Megabytes of files kept a UTC day, all quotes together; past it a quote is taken without its files.
  ATTACHMENT_DAILY_MB: wholeNumber(1, 1_000_000).default(2048),
  // clamd (ClamAV's daemon), which scans every attached file: tcp://host:3310 or unix:/path. Unset: not scanned.
  CLAMD_URL: clamdUrl.optional(),
  // The company mailbox that clients' answers reach, read (never changed) to show them on their lead.
  IMAP_URL: imapUrl.optional(),
  // The company mail server's name in its Authentication-Results headers; unset: none is trusted.
  IMAP_AUTHSERV_ID: authservId.optional(),
  // Visits counted without cookies when a public page is served (off: no counting at all).
  VISIT_COUNTING: booleanText.default(true),
  // Behind a CDN: count visits from a tiny beacon in the pages instead of the page requests.
  VISIT_BEACON: booleanText.default(false),
  // How often the counted visits are written to the database (one batch per interval, never per view).
  VISIT_FLUSH_MS: wholeNumber(100, 3_600_000).default(60_000),

  ADMIN_TIME_ZONE: timeZone.default('Asia/Kolkata'),
  ADMIN_SESSION_IDLE_HOURS: wholeNumber(1, 720).default(12),
  ADMIN_SESSION_MAX_DAYS: wholeNumber(1, 90).default(7),
  ADMIN_SIGN_IN_RATE_LIMIT_MAX: wholeNumber(1, 1_000_000).default(10),
  ADMIN_SIGN_IN_RATE_LIMIT_WINDOW_MS: wholeNumber(1_000, 86_400_000).default(600_000),
  // A lead nobody has answered this long is escalated once, by email, to its owner and the admins; 0: never.
  FIRST_RESPONSE_MINUTES: wholeNumber(0, 10_080).default(240),
  // When the day's follow-up reminders (and the daily digests) go out, in ADMIN_TIME_ZONE.
  FOLLOW_UP_REMINDER_TIME: timeOfDay.default('09:00'),

  OUTBOX_POLL_MS: wholeNumber(10, 3_600_000).default(5_000),
  OUTBOX_RETRY_BASE_MS: wholeNumber(1, 3_600_000).default(30_000),
  OUTBOX_RETRY_MAX_MS: wholeNumber(1, 86_400_000).default(3_600_000),
  OUTBOX_MAX_ATTEMPTS: wholeNumber(1, 100).default(15),
});

/** The names of every variable the server reads. */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

/** The variables as the schema gives them: checked, converted, defaults filled in. */
export type Env = z.infer<typeof envSchema>;
