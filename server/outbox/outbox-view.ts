import type { Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { requeue } from './outbox-rows.ts';
import type { OutboxLane, OutboxRow, OutboxStatus } from './outbox-table.ts';
import type { RetryOutcome } from './retry-outcome.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/** The lane /readyz and the outbox command are about (campaigns show on their own pages). */
export const MAIL_LANE: OutboxLane = 'mail';

/** The lanes the inbox's Outbox view lists and retries: the emails and the integrations' deliveries. */
const VIEW_LANES: readonly OutboxLane[] = ['mail', 'integration'];

/**
 * How many wait and how many are dead letters: of the Outbox view (emails and integration
 * deliveries) unless other lanes are given (/readyz: the emails alone).
 */
async function counts(
  db: Kysely<Database>,
  lanes: readonly OutboxLane[] = VIEW_LANES,
): Promise<{ pending: number; dead: number }> {
  const rows = await tablesOf<OutboxTables>(db)
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('lane', 'in', lanes)
    .where('status', 'in', ['pending', 'dead'])
    .groupBy('status')
    .execute();
  const found = { pending: 0, dead: 0 };
  for (const row of rows)
    if (row.status === 'pending' || row.status === 'dead') found[row.status] = Number(row.count);
  return found;
}

/** For the readiness check, of the 'mail' lane: what waits, how long the oldest has waited, what is dead. */
async function health(
  db: Kysely<Database>,
  at: Date,
): Promise<{ pending: number; dead: number; oldestPendingSeconds: number | null }> {
  const [mail, oldest] = await Promise.all([
    counts(db, [MAIL_LANE]),
    tablesOf<OutboxTables>(db)
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('created_at').as('created_at'))
      .where('lane', '=', MAIL_LANE)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
  ]);
  const since = oldest?.created_at ? Date.parse(oldest.created_at) : Number.NaN;
  return {
    ...mail,
    oldestPendingSeconds: Number.isNaN(since) ? null : Math.max(0, Math.round((at.getTime() - since) / 1000)),
  };
}

/**
 * What staff and operators see of the outbox and do with it (the inbox's Outbox view, /readyz, the
 * outbox command): its emails and integration deliveries, their counts, and Retry. Campaign emails
 * are left to their campaign's page.
 */
export function createOutboxView(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  const write = storage.write.run;

  return {
    counts: (lanes?: readonly OutboxLane[]) => counts(db, lanes),

    /** The Outbox view's emails and integration deliveries, newest first; at most `limit` of them when given. */
    async list(filter: { status?: OutboxStatus; limit?: number } = {}): Promise<OutboxRow[]> {
      let query = tablesOf<OutboxTables>(db)
        .selectFrom('outbox')
        .selectAll()
        .where('lane', 'in', VIEW_LANES)
        .orderBy('id', 'desc');
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      return query.execute();
    },

    async get(id: number): Promise<OutboxRow | undefined> {
      return tablesOf<OutboxTables>(db)
        .selectFrom('outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    health: (at: Date) => health(db, at),

    /**
     * Retry on one email: a compare-and-set that puts it back in the queue,
     * due now with a fresh attempt count, only if it is dead, or waiting and
     * held by no worker. An email being sent, sent or withdrawn is left as it is.
     */
    async retry(id: number, at: Date): Promise<RetryOutcome> {
      return write(async (trx) => {
        // A campaign's email is retried from its campaign ("Retry failed" leaves the bounced alone).
        const lane = await tablesOf<OutboxTables>(trx)
          .selectFrom('outbox')
          .select('lane')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!lane || !VIEW_LANES.includes(lane.lane)) return 'missing';
        if ((await requeue(trx, { id }, ['dead', 'pending'], at)).length > 0) return 'queued';
        const row = await tablesOf<OutboxTables>(trx)
          .selectFrom('outbox')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return 'missing';
        // Dead or free to claim, it would have been requeued: a worker holds it.
        return row.status === 'sent' || row.status === 'cancelled' ? row.status : 'sending';
      });
    },

    /**
     * Puts every dead letter of the Outbox view (emails and integration deliveries) back in the
     * queue, due now; returns how many. A campaign's failures are retried from its page ("Retry
     * failed"), which leaves bounced ones alone.
     */
    async retryAllDead(at: Date): Promise<number> {
      return write(async (trx) => {
        let retried = 0;
        for (const lane of VIEW_LANES) retried += (await requeue(trx, { lane }, ['dead'], at)).length;
        return retried;
      });
    },
  };
}
