import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { changeState, type OwnerSelection } from './outbox-state-change.ts';

export type { OwnerSelection } from './outbox-state-change.ts';

/**
 * Holds an owner's waiting emails (not one being sent: its kind decides when it is next due), in the
 * caller's transaction: never claimed until released. Each keeps its last error. Returns how many.
 */
export async function holdFor(
  trx: Transaction<Database>,
  selection: OwnerSelection,
  at: Date,
): Promise<number> {
  const ids = await changeState(trx, selection, ['pending'], { status: 'held', reset: false }, at);
  return ids.length;
}

/** Lets an owner's held emails wait their turn again, each with its last error. Returns how many. */
export async function releaseFor(
  trx: Transaction<Database>,
  selection: OwnerSelection,
  at: Date,
): Promise<number> {
  const ids = await changeState(trx, selection, ['held'], { status: 'pending', reset: false }, at);
  return ids.length;
}

/**
 * Withdraws an owner's emails that wait (pending and not being sent, or held, when `held` is true)
 * with a reason, in the caller's transaction: they are never sent. Returns how many.
 */
export async function withdrawFor(
  trx: Transaction<Database>,
  selection: OwnerSelection,
  { reason, held, at }: { reason: string; held: boolean; at: Date },
): Promise<number> {
  const from = held ? (['pending', 'held'] as const) : (['pending'] as const);
  const ids = await changeState(
    trx,
    selection,
    from,
    { status: 'cancelled', last_error: reason, reset: false },
    at,
  );
  return ids.length;
}

/**
 * Gives an owner's dead emails a fresh count of attempts, due now: waiting their turn, or held when
 * `held` is true (the owner is paused). Returns how many.
 */
export async function retryDeadFor(
  trx: Transaction<Database>,
  selection: OwnerSelection,
  { held, at }: { held: boolean; at: Date },
): Promise<number> {
  const status = held ? 'held' : 'pending';
  const ids = await changeState(trx, selection, ['dead'], { status, last_error: null, reset: true }, at);
  return ids.length;
}
