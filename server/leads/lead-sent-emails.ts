import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import { LEAD_OWNER, QUOTE_EMAIL_KINDS } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/**
 * The lead that one of these Message-IDs was sent to by the quote form (its acknowledgement), if any:
 * how an answer to the acknowledgement finds its lead (the conversations' matching).
 */
export async function leadOfAcknowledgement(
  db: Kysely<Database> | Transaction<Database>,
  messageIds: readonly string[],
): Promise<number | undefined> {
  if (messageIds.length === 0) return undefined;
  const row = await messagesAbout(db, LEAD_OWNER, QUOTE_EMAIL_KINDS.acknowledgement)
    .where('message_id', 'in', [...messageIds])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.owner_id ?? undefined;
}

/** A lead by its reference and address (any case), for an answer that names its reference. */
export async function leadByReferenceAndEmail(
  db: Kysely<Database> | Transaction<Database>,
  { reference, email }: { reference: string; email: string },
): Promise<number | undefined> {
  const row = await tablesOf<LeadTables>(db)
    .selectFrom('quote_requests')
    .select('id')
    .where('reference', '=', reference)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
