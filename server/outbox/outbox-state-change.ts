import type { Expression, ExpressionBuilder, SqlBool, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { OutboxLane, OutboxStatus } from './outbox-table.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/**
 * A record a message is about (its owner) or goes to (its recipient), as its feature names it: a type
 * of its own (e.g. "lead") and the record's id.
 */
export interface EmailOwner {
  type: string;
  id: number;
}

/** A narrowing condition a feature adds to an owner's emails, on its own columns (e.g. "still subscribed"). */
type OwnerFilter = (eb: ExpressionBuilder<OutboxTables, 'outbox'>) => Expression<SqlBool>;

/**
 * Whose emails: an owner's, or those that go to a recipient; of one kind when given, narrowed by
 * `only` when given.
 */
export type OwnerSelection = ({ owner: EmailOwner } | { recipient: EmailOwner }) & {
  kind?: string;
  only?: OwnerFilter;
};

/** Which emails a change may touch: one by id; an owner's or a recipient's; or all of a lane. */
export type EmailSelection = { id: number } | OwnerSelection | { lane: OutboxLane };

/** The rows of an owner, or of a recipient. */
function ofParty(eb: ExpressionBuilder<OutboxTables, 'outbox'>, selection: OwnerSelection) {
  return 'owner' in selection
    ? eb.and([eb('owner_type', '=', selection.owner.type), eb('owner_id', '=', selection.owner.id)])
    : eb.and([
        eb('recipient_type', '=', selection.recipient.type),
        eb('recipient_id', '=', selection.recipient.id),
      ]);
}

/** The new state: `last_error` undefined keeps each row's own; `reset` makes them due now with no attempts. */
export interface NewState {
  status: OutboxStatus;
  last_error?: string | null;
  reset: boolean;
}

/** A row no worker holds: never claimed, or its lease has run out. */
export function unclaimed(eb: ExpressionBuilder<OutboxTables, 'outbox'>, at: Date) {
  return eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at.toISOString())]);
}

/**
 * A compare-and-set, in one UPDATE: only emails in one of the `from`
 * states change, and a pending one only while no worker holds it, so an
 * email being sent is never changed under its worker. Returns the ids changed.
 */
export async function changeState(
  trx: Transaction<Database>,
  selection: EmailSelection,
  from: readonly OutboxStatus[],
  set: NewState,
  at: Date,
): Promise<number[]> {
  const now = at.toISOString();
  const settled = from.filter((status) => status !== 'pending');
  let query = tablesOf<OutboxTables>(trx)
    .updateTable('outbox')
    .set({
      status: set.status,
      ...(set.last_error !== undefined ? { last_error: set.last_error } : {}),
      claimed_until: null,
      updated_at: now,
      ...(set.reset ? { attempts: 0, next_attempt_at: now } : {}),
    })
    .where((eb) =>
      eb.or([
        ...(settled.length > 0 ? [eb('status', 'in', settled)] : []),
        ...(from.includes('pending') ? [eb.and([eb('status', '=', 'pending'), unclaimed(eb, at)])] : []),
      ]),
    );
  if ('id' in selection) query = query.where('id', '=', selection.id);
  else if ('lane' in selection) query = query.where('lane', '=', selection.lane);
  else {
    query = query.where((eb) => ofParty(eb, selection));
    if (selection.kind !== undefined) query = query.where('kind', '=', selection.kind);
    if (selection.only) query = query.where(selection.only);
  }
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}
