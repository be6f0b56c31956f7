import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { TokenPurpose } from './newsletter-tables.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** How long a confirmation link works after its email is sent. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** The stored link of this token, by its hash. */
export async function findToken(trx: Transaction<Database>, token: string, purpose: TokenPurpose) {
  return tablesOf<NewsletterTables>(trx)
    .selectFrom('subscriber_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Withdraws the confirm links of a subscriber not used yet: they can never confirm anything. */
export async function withdrawConfirmTokens(trx: Transaction<Database>, subscriberId: number, at: string) {
  await tablesOf<NewsletterTables>(trx)
    .updateTable('subscriber_tokens')
    .set({ used_at: at })
    .where('subscriber_id', '=', subscriberId)
    .where('purpose', '=', 'confirm')
    .where('used_at', 'is', null)
    .execute();
}

/** A new link for an email: the token goes into the email, only its hash into the database. */
export async function storeToken(
  trx: Transaction<Database>,
  subscriberId: number,
  purpose: TokenPurpose,
  at: Date,
): Promise<string> {
  const token = newToken();
  await tablesOf<NewsletterTables>(trx)
    .insertInto('subscriber_tokens')
    .values({
      token_hash: hashToken(token),
      subscriber_id: subscriberId,
      purpose,
      created_at: at.toISOString(),
      expires_at: purpose === 'confirm' ? new Date(at.getTime() + CONFIRM_TOKEN_TTL_MS).toISOString() : null,
      used_at: null,
    })
    .execute();
  return token;
}

/** New unsubscribe links for many emails at once (a pass of a campaign), in one statement: a token per id, in order. */
export async function storeUnsubscribeTokens(
  trx: Transaction<Database>,
  subscriberIds: readonly number[],
  at: Date,
): Promise<string[]> {
  const tokens = subscriberIds.map(() => newToken());
  if (tokens.length === 0) return tokens;
  const created = at.toISOString();
  await tablesOf<NewsletterTables>(trx)
    .insertInto('subscriber_tokens')
    .values(
      subscriberIds.map((subscriberId, index) => ({
        token_hash: hashToken(tokens[index] ?? ''),
        subscriber_id: subscriberId,
        purpose: 'unsubscribe' as const,
        created_at: created,
        expires_at: null,
        used_at: null,
      })),
    )
    .execute();
  return tokens;
}
