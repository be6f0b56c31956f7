import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import type { OutboxLane } from './outbox-table.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

const MINUTE_MS = 60_000;

/**
 * How many emails of a throttled lane may still be claimed this minute, in the claim transaction:
 * the lane's row in outbox_throttle holds the start of its current minute and how many were claimed
 * in it. The row is locked (FOR UPDATE on PostgreSQL) until the claim commits, so two instances
 * never both take the last places; on SQLite writes run one at a time. Being in the database, the
 * count holds across restarts and instances. A minute that is over starts a new one.
 */
export async function throttleRoom(
  trx: Transaction<Database>,
  storage: Pick<Storage, 'lockedForUpdate'>,
  { lane, ratePerMinute, at }: { lane: OutboxLane; ratePerMinute: number; at: Date },
): Promise<{ room: number; windowStart: string }> {
  // Made once; a second instance making it at the same moment changes nothing.
  await tablesOf<OutboxTables>(trx)
    .insertInto('outbox_throttle')
    .values({ lane, window_start: at.toISOString(), claimed: 0 })
    .onConflict((conflict) => conflict.column('lane').doNothing())
    .execute();
  const query = tablesOf<OutboxTables>(trx)
    .selectFrom('outbox_throttle')
    .selectAll()
    .where('lane', '=', lane);
  const row = await storage.lockedForUpdate(query).executeTakeFirstOrThrow();
  const started = Date.parse(row.window_start);
  // A clock that went back (another instance's) counts as the same minute, never as room.
  if (at.getTime() - started >= MINUTE_MS) return { room: ratePerMinute, windowStart: at.toISOString() };
  return { room: Math.max(0, ratePerMinute - row.claimed), windowStart: row.window_start };
}

/** Records the emails just claimed in the lane's minute (the one throttleRoom answered for). */
export async function countClaimed(
  trx: Transaction<Database>,
  { lane, windowStart, claimed }: { lane: OutboxLane; windowStart: string; claimed: number },
) {
  await tablesOf<OutboxTables>(trx)
    .updateTable('outbox_throttle')
    .set((eb) => ({
      claimed: eb
        .case()
        .when('window_start', '=', windowStart)
        .then(eb('claimed', '+', claimed))
        .else(claimed)
        .end(),
      window_start: windowStart,
    }))
    .where('lane', '=', lane)
    .execute();
}
