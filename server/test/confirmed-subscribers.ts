import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from '../newsletter/newsletter-tables.ts';

/** `count` addresses reader-0@reader.test, reader-1@reader.test, … */
export const readerEmails = (count: number, domain = 'reader.test') =>
  Array.from({ length: count }, (_, index) => `reader-${index}@${domain}`);

/**
 * Confirmed subscribers written straight into the database, as an import adds them, in batches of 500
 * (a campaign's tests and its benchmark need many, and quickly).
 */
export async function seedConfirmedSubscribers(
  storage: Pick<Storage, 'write'>,
  emails: readonly string[],
  at = new Date().toISOString(),
) {
  for (let start = 0; start < emails.length; start += 500) {
    const batch = emails.slice(start, start + 500);
    await storage.write.run((trx) =>
      tablesOf<NewsletterTables>(trx)
        .insertInto('subscribers')
        .values(
          batch.map((email) => ({
            email,
            status: 'confirmed' as const,
            created_at: at,
            last_signup_at: at,
            confirmed_at: at,
            unsubscribed_at: null,
            source_page: '/',
            consent_version: 'test',
            consent_text: 'test',
          })),
        )
        .execute(),
    );
  }
}
