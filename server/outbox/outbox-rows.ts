import type { Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import type { OutboxRow } from './outbox-table.ts';

export interface NewEmail {
  kind: string;
  recipient: string;
  messageId: string;
  at: Date;
}

/**
 * The columns of a new email, due at once. A feature adds the column that
 * links it to what it is about and inserts it in the transaction that writes
 * that, so the promise to send it is stored together with its cause.
 */
export function newEmailRow({ kind, recipient, messageId, at }: NewEmail) {
  const created = at.toISOString();
  return {
    kind,
    recipient: recipient.toLowerCase(),
    message_id: messageId,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: created,
    created_at: created,
    updated_at: created,
  };
}

/** An outbox column that links an email to its owner's id (a feature's, e.g. quote_request_id). */
export type OwnerColumn = {
  [Column in keyof OutboxRow]: OutboxRow[Column] extends number | null ? Column : never;
}[keyof OutboxRow];

/**
 * Deletes the emails of these owners inside the caller's transaction (a delete
 * or a purge) and returns their Message-IDs, so that their .eml files can go too.
 */
export async function deleteEmailsOf(
  trx: Transaction<Database>,
  column: OwnerColumn,
  ids: readonly number[],
): Promise<string[]> {
  const messageIds: string[] = [];
  await inChunks(ids, async (chunk) => {
    const rows = await trx.deleteFrom('outbox').where(column, 'in', chunk).returning('message_id').execute();
    messageIds.push(...rows.map((row) => row.message_id));
  });
  return messageIds;
}
