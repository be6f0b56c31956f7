import { sql, type AliasedRawBuilder, type Expression, type Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { EmailOwner } from './outbox-state-change.ts';
import type { OutboxLane } from './outbox-table.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/** The columns every row of queueSelected gets from the outbox, to be selected first by its query. */
export type FixedColumns = readonly AliasedRawBuilder<unknown, string>[];

export interface SelectedEmails {
  kind: string;
  lane: OutboxLane;
  /** What they are all about (e.g. a campaign). */
  owner: EmailOwner;
  /** The type of each row's own recipient (e.g. "subscriber"), whose id is the query's last column. */
  recipientType: string;
  /** What every row carries beyond its owner (an HTTP lane's message, JSON); none when not given. */
  payload?: string;
  at: Date;
}

/**
 * Queues one email per row of a select, in one INSERT ... SELECT inside the caller's transaction, so
 * memory never grows with the list. `rows` is given the outbox's fixed columns and returns a select of
 * them, then the recipient's address, the Message-ID and the recipient's id, in that order.
 */
export async function queueSelected(
  trx: Transaction<Database>,
  { kind, lane, owner, recipientType, payload, at }: SelectedEmails,
  rows: (fixed: FixedColumns) => Expression<unknown>,
): Promise<void> {
  const iso = at.toISOString();
  const fixed: FixedColumns = [
    sql<string>`${kind}`.as('kind'),
    sql<string>`${lane}`.as('lane'),
    sql<string>`'pending'`.as('status'),
    sql<number>`0`.as('attempts'),
    sql<string>`${iso}`.as('next_attempt_at'),
    sql<string>`${iso}`.as('created_at'),
    sql<string>`${iso}`.as('updated_at'),
    sql<string>`${owner.type}`.as('owner_type'),
    sql<number>`${owner.id}`.as('owner_id'),
    sql<string>`${recipientType}`.as('recipient_type'),
    sql<string | null>`${payload ?? null}`.as('payload'),
  ];
  await tablesOf<OutboxTables>(trx)
    .insertInto('outbox')
    .columns([
      'kind',
      'lane',
      'status',
      'attempts',
      'next_attempt_at',
      'created_at',
      'updated_at',
      'owner_type',
      'owner_id',
      'recipient_type',
      'payload',
      'recipient',
      'message_id',
      'recipient_id',
    ])
    .expression(rows(fixed))
    .execute();
}
