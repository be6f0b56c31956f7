import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { ConfigError, describeIssues, presentVariables } from './site-settings.ts';
import { checkTogether, invalid } from './config-rules.ts';
import { dkimSettings, type DkimSettings } from '../mail/dkim-key.ts';
import { adminConfig, attachmentConfig, DAY_MS, mailConfig, storageConfig } from './config-sections.ts';
import { envSchema, SECRET_VARIABLES, type Env } from './config-env.ts';

export { ConfigError };
/** The names of every variable the server reads (config-env.ts holds the schema). */
export { ENV_VARIABLES } from './config-env.ts';

/** The variables grouped and in the units the server works in; its type is the Config's. */
function toConfig(value: Env, warnings: string[], dkim: DkimSettings | undefined) {
  return {
    /** NODE_ENV: production refuses settings that are only safe on a laptop. */
    production: value.NODE_ENV === 'production',
    /** What the operator should know at start (logged as warnings). */
    warnings,
    host: value.HOST ?? (value.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: value.PORT,
    logLevel: value.LOG_LEVEL,
    /** Absolute path of the built site (the prerendered pages and assets). */
    siteDir: resolve(value.SITE_DIR),
    /** The site's public origin (SITE_URL); unset outside production, this server's own http://localhost:PORT. */
    siteUrl: value.SITE_URL ?? `http://localhost:${value.PORT}`,
    /** Whether SITE_URL was set; otherwise siteUrl is this server on localhost. */
    siteUrlIsSet: value.SITE_URL !== undefined,
    trustProxy: value.TRUST_PROXY,
    /** Who gets /readyz's details besides requests from this machine: `Authorization: Bearer <token>`. */
    readyzToken: value.READYZ_TOKEN,
    /** Origins other than the site's that the quote form posts to (from QUOTE_ENDPOINT). */
    formOrigins: value.QUOTE_ENDPOINT.otherOrigin ? [value.QUOTE_ENDPOINT.otherOrigin] : [],
    /** The site's own path the quote form posts to, when QUOTE_ENDPOINT names one: the server answers it too. */
    quotePath: value.QUOTE_ENDPOINT.path,
    /** How long a client may take; a slower one gets 408 and is disconnected. */
    http: {
      /** To send the request line and headers (slow-header attacks). */
      headersTimeoutMs: value.HTTP_HEADERS_TIMEOUT_MS,
      /** To send the whole request, body included (slow bodies). */
      requestTimeoutMs: value.HTTP_REQUEST_TIMEOUT_MS,
      /** Of silence on a connection before it is closed. */
      idleTimeoutMs: value.HTTP_IDLE_TIMEOUT_MS,
    },
    ...storageConfig(value),
    /** Spam leads older than this are deleted; 0: kept for ever. */
    spamRetentionMs: value.SPAM_RETENTION_DAYS * DAY_MS,
    /** Beyond these the server answers 503 with Retry-After instead of timing out (0: not checked). */
    pressure: {
      maxEventLoopDelayMs: value.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      // 0: 90% of the heap this Node process may use.
      maxHeapUsedBytes:
        value.PRESSURE_MAX_HEAP_USED_MB > 0
          ? value.PRESSURE_MAX_HEAP_USED_MB * 1024 * 1024
          : Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    },
    /** Where the rate limits are counted (REDIS_URL), shared by every instance; unset, in this process's memory. */
    redisUrl: value.REDIS_URL,
    /** Quote requests accepted per client address and window. */
    rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_MS },
    newsletter: {
      /** Newsletter sign-ups accepted per client address and window. */
      rateLimit: { max: value.NEWSLETTER_RATE_LIMIT_MAX, windowMs: value.NEWSLETTER_RATE_LIMIT_WINDOW_MS },
      /** Confirmation emails one address may be sent in 24 hours. */
      confirmationsPerDay: value.NEWSLETTER_CONFIRMATIONS_PER_DAY,
      /** Campaign emails sent per minute by all instances together (CAMPAIGN_RATE_PER_MINUTE); 0: no throttle. */
      campaignRatePerMinute: value.CAMPAIGN_RATE_PER_MINUTE,
    },
    mail: mailConfig(value, dkim),
    admin: adminConfig(value),
    integrations: {
      /** WEBHOOK_ALLOW_PRIVATE: integrations may call addresses that are not public. */
      allowPrivate: value.WEBHOOK_ALLOW_PRIVATE,
    },
    attachments: attachmentConfig(value),
    /** IMAP_URL: the mailbox watched for clients' answers (imaps://user:pass@host/INBOX); undefined: none. */
    imapUrl: value.IMAP_URL,
    visits: {
      /** VISIT_COUNTING: count page views and visitors (daily aggregates, no cookie, nothing identifying). */
      counting: value.VISIT_COUNTING,
      /** VISIT_BEACON: count from the pages' beacon (behind a CDN) instead of the page requests. */
      beacon: value.VISIT_BEACON,
      /** VISIT_FLUSH_MS: how often the counts in memory are added to the database, in one batch. */
      flushMs: value.VISIT_FLUSH_MS,
    },
    outbox: {
      pollMs: value.OUTBOX_POLL_MS,
      retryBaseMs: value.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: value.OUTBOX_RETRY_MAX_MS,
      maxAttempts: value.OUTBOX_MAX_ATTEMPTS,
    },
  };
}

/** The server's configuration, as loadConfig returns it (its type follows the schema and the mapping). */
export type Config = ReturnType<typeof toConfig>;

/**
 * Reads and checks the configuration. A bad value throws a ConfigError whose
 * message names every variable that is wrong.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(presentVariables(env));
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues, env, SECRET_VARIABLES));
  const value = result.data;
  const warnings = checkTogether(value, value.NODE_ENV === 'production');
  const dkim = dkimSettings(value);
  if ('problem' in dkim) throw invalid(dkim.problem);
  return toConfig(value, warnings, dkim.dkim);
}
