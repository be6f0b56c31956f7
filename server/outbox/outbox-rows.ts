import type { Insertable, Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import { changeState, type EmailOwner, type EmailSelection } from './outbox-state-change.ts';
import type { CoreOutboxTable, OutboxLane, OutboxRow, OutboxStatus, OutboxTable } from './outbox-table.ts';

/** An outbox column that links an email to its owner's id (a feature's, e.g. quote_request_id). */
export type OwnerColumn = {
  [Column in keyof OutboxRow]: OutboxRow[Column] extends number | null ? Column : never;
}[keyof OutboxRow];

/** The columns the outbox itself keeps for every row; a feature's own columns are the others. */
type OutboxColumn = keyof CoreOutboxTable | 'id';

/** More of a row's feature columns (declared by merging): a second owner, an HTTP delivery's event. */
type FeatureColumns = Partial<Omit<Insertable<OutboxTable>, OutboxColumn>>;

export interface NewEmail {
  kind: string;
  recipient: string;
  messageId: string;
  owner: EmailOwner;
  at: Date;
  /** Which worker sends it; 'mail' when not given. */
  lane?: OutboxLane;
  more?: FeatureColumns;
}

/** The columns of a new email, due at once. */
function newEmailRow({
  kind,
  recipient,
  messageId,
  owner,
  at,
  lane,
  more,
}: NewEmail): Insertable<OutboxTable> {
  const created = at.toISOString();
  return {
    ...more,
    kind,
    ...(lane ? { lane } : {}),
    recipient: recipient.toLowerCase(),
    message_id: messageId,
    status: 'pending',
    attempts: 0,
    next_attempt_at: created,
    created_at: created,
    updated_at: created,
    [owner.column]: owner.id,
  };
}

/**
 * Queues emails inside the caller's transaction, the one that writes what
 * they are about, so the promise to send them is stored together with its cause.
 */
export async function queueEmails(trx: Transaction<Database>, emails: readonly NewEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await trx.insertInto('outbox').values(emails.map(newEmailRow)).execute();
}

/** How many emails of a kind went (or wait to go) to this address since the given time. */
export async function countEmailsTo(
  trx: Transaction<Database>,
  { kind, recipient, since }: { kind: string; recipient: string; since: Date },
): Promise<number> {
  const { count } = await trx
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', kind)
    .where('recipient', '=', recipient.toLowerCase())
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Puts emails back in the queue, due now with a fresh attempt count, in the
 * caller's transaction: only those in one of the `from` states (pending ones
 * only while no worker holds them). Returns the ids requeued.
 */
export function requeue(
  trx: Transaction<Database>,
  selection: EmailSelection,
  from: readonly Exclude<OutboxStatus, 'sent'>[],
  at: Date,
): Promise<number[]> {
  return changeState(trx, selection, from, { status: 'pending', last_error: null, reset: true }, at);
}

/**
 * Withdraws an owner's waiting or dead emails of a kind (not one being sent:
 * its kind decides again when it is next due), in the caller's transaction.
 */
export async function cancelFor(
  trx: Transaction<Database>,
  owner: EmailOwner,
  { kind, reason, at }: { kind: string; reason: string; at: Date },
): Promise<number> {
  const ids = await changeState(
    trx,
    { owner, kind },
    ['pending', 'dead'],
    { status: 'cancelled', last_error: reason, reset: false },
    at,
  );
  return ids.length;
}

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

/** Deletes every email of a kind sent to this address (a data-subject request); returns their Message-IDs. */
export async function deleteEmailsTo(
  trx: Transaction<Database>,
  { kind, recipient }: { kind: string; recipient: string },
): Promise<string[]> {
  const rows = await trx
    .deleteFrom('outbox')
    .where('kind', '=', kind)
    .where('recipient', '=', recipient.toLowerCase())
    .returning('message_id')
    .execute();
  return rows.map((row) => row.message_id);
}
