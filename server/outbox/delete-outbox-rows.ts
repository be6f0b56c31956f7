import type { Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/schema.ts';

/** Whose emails to delete: of these quote requests, of these subscribers, or the acknowledgements to an address. */
export type OutboxOwners =
  | { quoteRequestIds: readonly number[] }
  | { subscriberIds: readonly number[] }
  | { acknowledgementsTo: string };

/**
 * Deletes emails inside the caller's transaction (a delete or a purge) and
 * returns their Message-IDs, so that their .eml files can go too.
 */
export async function deleteOutboxRows(trx: Transaction<Database>, owners: OutboxOwners): Promise<string[]> {
  const messageIds: string[] = [];
  if ('acknowledgementsTo' in owners) {
    const rows = await trx
      .deleteFrom('outbox')
      .where('kind', '=', 'acknowledgement')
      .where('recipient', '=', owners.acknowledgementsTo)
      .returning('message_id')
      .execute();
    return rows.map((row) => row.message_id);
  }
  const [column, ids] =
    'quoteRequestIds' in owners
      ? (['quote_request_id', owners.quoteRequestIds] as const)
      : (['subscriber_id', owners.subscriberIds] as const);
  await inChunks(ids, async (chunk) => {
    const rows = await trx.deleteFrom('outbox').where(column, 'in', chunk).returning('message_id').execute();
    messageIds.push(...rows.map((row) => row.message_id));
  });
  return messageIds;
}
