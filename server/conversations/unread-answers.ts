import type { Expression, Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/**
 * The client's answers on a lead that nobody has read yet (never an automatic reply or a bounce), as a
 * subquery of another feature's query of that lead's id (the team's daily digest lists such leads).
 */
export function unreadAnswersOf(db: Kysely<Database>, leadId: Expression<number>) {
  return tablesOf<ConversationTables>(db)
    .selectFrom('lead_messages')
    .select('lead_messages.id')
    .where('lead_messages.quote_request_id', '=', leadId)
    .where('lead_messages.read_at', 'is', null)
    .where('lead_messages.kind', '=', 'answer');
}
