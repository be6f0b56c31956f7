import { resolve } from 'node:path';
import type { Env } from './config-env.ts';
import { ConfigError } from './site-settings.ts';

/** A configuration that cannot start the server, in the form every such message takes. */
export const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);

/** What no single variable can say: settings that contradict each other, or production's stricter rules. */
export function checkTogether(value: Env, production: boolean): string[] {
  const warnings: string[] = [];
  if (production && !value.SITE_URL) {
    throw invalid(
      'SITE_URL must be set when NODE_ENV=production (e.g. SITE_URL=https://www.yourcompany.com): the links in emails, the accepted form origin and the passkeys are built from it',
    );
  }
  if (value.TRUST_PROXY === true) {
    // Every X-Forwarded-For would be believed: any client could pick its own address, and so its
    // own rate-limit key. Behind one proxy on the same machine, TRUST_PROXY=1 (or its address) is right.
    const why =
      'TRUST_PROXY=true believes any X-Forwarded-For header, so a client can choose its own address and escape the rate limits; set the number of proxies in front of the server (1) or their addresses (127.0.0.1)';
    if (production) throw invalid(`${why}.`);
    warnings.push(`${why} before going to production.`);
  }
  if (production && !value.SMTP_URL) {
    warnings.push(
      value.DATABASE_URL
        ? 'SMTP_URL is not set: emails are kept in the database, not sent (npm run outbox -- export-files <dir> writes them out as .eml files), so nobody is told of a new lead'
        : `SMTP_URL is not set: emails are kept as .eml files in ${resolve(value.MAIL_DIR)}, not sent, so nobody is told of a new lead`,
    );
  }
  if (value.WEBHOOK_ALLOW_PRIVATE) {
    warnings.push(
      'WEBHOOK_ALLOW_PRIVATE=true: integrations may call loopback, private and link-local addresses, so whoever can add an integration can make this server send requests inside its network',
    );
  }
  if (value.OUTBOX_RETRY_MAX_MS < value.OUTBOX_RETRY_BASE_MS) {
    throw invalid(
      `OUTBOX_RETRY_MAX_MS must be at least OUTBOX_RETRY_BASE_MS (${value.OUTBOX_RETRY_BASE_MS})`,
    );
  }
  if (value.HTTP_HEADERS_TIMEOUT_MS > value.HTTP_REQUEST_TIMEOUT_MS) {
    throw invalid(
      `HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS (${value.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  if (value.ADMIN_SESSION_IDLE_HOURS > value.ADMIN_SESSION_MAX_DAYS * 24) {
    throw invalid(
      `ADMIN_SESSION_IDLE_HOURS must be at most ADMIN_SESSION_MAX_DAYS in hours (${value.ADMIN_SESSION_MAX_DAYS * 24})`,
    );
  }
  if (value.ATTACHMENT_DAILY_MB < value.ATTACHMENT_MAX_TOTAL_MB) {
    // Otherwise a quote with files at its limit could never keep them.
    throw invalid(
      `ATTACHMENT_DAILY_MB must be at least ATTACHMENT_MAX_TOTAL_MB (${value.ATTACHMENT_MAX_TOTAL_MB})`,
    );
  }
  if (value.HTTP_IDLE_TIMEOUT_MS <= value.DATABASE_BUSY_TIMEOUT_MS) {
    // Otherwise a request waiting for the database lock could be cut off, then stored unanswered.
    throw invalid(
      `HTTP_IDLE_TIMEOUT_MS must be more than DATABASE_BUSY_TIMEOUT_MS (${value.DATABASE_BUSY_TIMEOUT_MS})`,
    );
  }
  return warnings;
}
