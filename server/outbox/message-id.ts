import { randomBytes } from 'node:crypto';

/**
 * A stable Message-ID, fixed when the email is queued, so that every retry of
 * the same email carries the same id and receivers can drop duplicates. The
 * prefix says what it is ("quote", "quote-ack", "newsletter-confirm") and the
 * id whose it is; together they name its .eml file (mailFileName).
 */
export function newMessageId(prefix: string, ownerId: number, domain: string): string {
  return `<${prefix}-${ownerId}.${randomBytes(8).toString('hex')}@${domain}>`;
}
