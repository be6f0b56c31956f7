import type { Storage } from '../db/database.ts';
import type { ImportedSubscriber } from './subscriber-import-file.ts';
import { withdrawConfirmTokens } from './subscriber-tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** Rows written in one transaction (one write job): each of its addresses locked, read once, written once. */
export const IMPORT_BATCH = 500;
/** Rows in one INSERT statement (10 values each, below every database's limit on parameters). */
const INSERT_CHUNK = 100;

/** The consent of an imported subscriber: given elsewhere, where the file says. */
const importedConsent = (source: string) => ({
  consent_version: 'imported',
  consent_text: `imported from ${source}`,
});

export interface ImportCounts {
  /** New subscribers, and pending sign-ups now confirmed. */
  added: number;
  /** Already confirmed, unsubscribed or bounced, or earlier in the same file. */
  skipped: number;
}

/**
 * Subscribers who consented elsewhere (`npm run subscribers -- import`): each
 * new address is added as confirmed, at the time of its consent. An address
 * already confirmed, unsubscribed or bounced, is left as it is: an import never brings
 * back someone who left. A pending sign-up (not confirmed here) is confirmed
 * with the imported consent, and its confirm links withdrawn.
 */
export function createSubscriberImport(storage: Pick<Storage, 'write' | 'lock'>, now: () => Date) {
  return {
    /** One batch, in one transaction; the caller splits a file into batches of IMPORT_BATCH. */
    async importConfirmed(rows: readonly ImportedSubscriber[]): Promise<ImportCounts> {
      return storage.write.run(async (trx) => {
        const at = now().toISOString();
        const first = new Map<string, ImportedSubscriber>();
        for (const row of rows) if (!first.has(row.email)) first.set(row.email, row);
        const emails = [...first.keys()].sort();
        const unique = emails.flatMap((email) => first.get(email) ?? []);
        // Like signUp: one address at a time across instances; in order, so two imports never deadlock.
        for (const email of emails) await storage.lock(trx, `subscriber:${email}`);
        const existing =
          emails.length === 0
            ? []
            : await tablesOf<NewsletterTables>(trx)
                .selectFrom('subscribers')
                .select(['id', 'email', 'status'])
                .where('email', 'in', emails)
                .execute();
        const known = new Map(existing.map((row) => [row.email, row]));
        const fresh = unique.filter((row) => !known.has(row.email));
        for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
          await tablesOf<NewsletterTables>(trx)
            .insertInto('subscribers')
            .values(
              fresh.slice(start, start + INSERT_CHUNK).map((row) => ({
                email: row.email,
                status: 'confirmed' as const,
                created_at: at,
                last_signup_at: row.consentedAt,
                confirmed_at: row.consentedAt,
                unsubscribed_at: null,
                source_page: 'unknown',
                ...importedConsent(row.source),
              })),
            )
            .execute();
        }
        let confirmed = 0;
        for (const subscriber of existing) {
          const row = first.get(subscriber.email);
          if (subscriber.status !== 'pending' || !row) continue;
          await tablesOf<NewsletterTables>(trx)
            .updateTable('subscribers')
            .set({ status: 'confirmed', confirmed_at: row.consentedAt, ...importedConsent(row.source) })
            .where('id', '=', subscriber.id)
            .execute();
          await withdrawConfirmTokens(trx, subscriber.id, at);
          confirmed++;
        }
        const added = fresh.length + confirmed;
        return { added, skipped: rows.length - added };
      });
    },
  };
}
