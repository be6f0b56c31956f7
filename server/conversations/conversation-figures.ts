import type { Kysely } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/** A lead's conversation in figures, for the CSV export. */
export interface ConversationFigures {
  /** Replies, answers, automatic replies and delivery reports. */
  messages: number;
  /** When the client last answered (an automatic reply does not count); null when never. */
  lastAnswerAt: string | null;
}

/** The figures of these leads, by id (a lead without messages is left out). */
export async function conversationFigures(
  db: Kysely<Database>,
  leadIds: readonly number[],
): Promise<Map<number, ConversationFigures>> {
  const figures = new Map<number, ConversationFigures>();
  await inChunks(leadIds, async (chunk) => {
    const rows = await tablesOf<ConversationTables>(db)
      .selectFrom('lead_messages')
      .select((eb) => [
        'quote_request_id',
        eb.fn.countAll<number>().as('messages'),
        eb.fn
          .max(eb.case().when('kind', '=', 'answer').then(eb.ref('created_at')).else(null).end())
          .as('last_answer_at'),
      ])
      .where('quote_request_id', 'in', chunk)
      .groupBy('quote_request_id')
      .execute();
    for (const row of rows) {
      figures.set(row.quote_request_id, {
        messages: Number(row.messages),
        lastAnswerAt: row.last_answer_at ?? null,
      });
    }
  });
  return figures;
}
