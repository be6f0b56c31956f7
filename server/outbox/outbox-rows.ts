import type { Insertable, Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import { changeState, type EmailOwner, type EmailSelection } from './outbox-state-change.ts';
import type { OutboxLane, OutboxStatus, OutboxTable } from './outbox-table.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

export interface NewEmail {
  kind: string;
  recipient: string;
  messageId: string;
  owner: EmailOwner;
  at: Date;
  /** Which worker sends it; 'mail' when not given. */
  lane?: OutboxLane;
  /** The record it goes to, when its feature keeps one apart from the owner (e.g. an integration). */
  to?: EmailOwner;
  /** What an HTTP lane's message carries beyond its owner (JSON). */
  payload?: string;
}

/** The columns of a new email, due at once. */
export function newEmailRow({
  kind,
  recipient,
  messageId,
  owner,
  at,
  lane,
  to,
  payload,
}: NewEmail): Insertable<OutboxTable> {
  const created = at.toISOString();
  return {
    kind,
    ...(lane ? { lane } : {}),
    recipient: recipient.toLowerCase(),
    message_id: messageId,
    status: 'pending',
    attempts: 0,
    next_attempt_at: created,
    created_at: created,
    updated_at: created,
    owner_type: owner.type,
    owner_id: owner.id,
    recipient_type: to?.type ?? null,
    recipient_id: to?.id ?? null,
    payload: payload ?? null,
  };
}

/**
 * Queues emails inside the caller's transaction, the one that writes what
 * they are about, so the promise to send them is stored together with its cause.
 */
export async function queueEmails(trx: Transaction<Database>, emails: readonly NewEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await tablesOf<OutboxTables>(trx).insertInto('outbox').values(emails.map(newEmailRow)).execute();
}

/** How many emails of a kind went (or wait to go) to this address since the given time. */
export async function countEmailsTo(
  trx: Transaction<Database>,
  { kind, recipient, since }: { kind: string; recipient: string; since: Date },
): Promise<number> {
  const { count } = await tablesOf<OutboxTables>(trx)
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
 * Deletes the emails about these records or to them (records of one type, e.g. "subscriber") inside
 * the caller's transaction, the one that deletes the records (a delete or a purge), and returns their
 * Message-IDs, so that their .eml files can go too.
 */
export async function deleteEmailsOf(
  trx: Transaction<Database>,
  type: string,
  ids: readonly number[],
): Promise<string[]> {
  const messageIds: string[] = [];
  await inChunks(ids, async (chunk) => {
    const rows = await tablesOf<OutboxTables>(trx)
      .deleteFrom('outbox')
      .where((eb) =>
        eb.or([
          eb.and([eb('owner_type', '=', type), eb('owner_id', 'in', chunk)]),
          eb.and([eb('recipient_type', '=', type), eb('recipient_id', 'in', chunk)]),
        ]),
      )
      .returning('message_id')
      .execute();
    messageIds.push(...rows.map((row) => row.message_id));
  });
  return messageIds;
}

/** Deletes every email of a kind sent to this address (a data-subject request); returns their Message-IDs. */
export async function deleteEmailsTo(
  trx: Transaction<Database>,
  { kind, recipient }: { kind: string; recipient: string },
): Promise<string[]> {
  const rows = await tablesOf<OutboxTables>(trx)
    .deleteFrom('outbox')
    .where('kind', '=', kind)
    .where('recipient', '=', recipient.toLowerCase())
    .returning('message_id')
    .execute();
  return rows.map((row) => row.message_id);
}
