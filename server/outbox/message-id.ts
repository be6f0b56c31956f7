import { randomBytes } from 'node:crypto';

/**
 * A stable Message-ID, fixed when the email is queued, so that every retry of
 * the same email carries the same id and receivers can drop duplicates. The
 * prefix says what it is ("quote", "quote-ack", "newsletter-confirm"); the
 * rest is random (128 bits), so ids reveal nothing, such as how many leads
 * the company gets. It also names the email's .eml file (mailFileName).
 */
export function newMessageId(prefix: string, domain: string): string {
  return `<${prefix}.${randomBytes(16).toString('hex')}@${domain}>`;
}
