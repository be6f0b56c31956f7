import type { Storage } from '../db/database.ts';
import type { Attempt, MessageKind, Failure } from './message-kind.ts';
import type { DeliveredVia, OutboxRow } from './outbox-table.ts';

/** How much of an error message is kept on the row. */
const MAX_ERROR_LENGTH = 1000;

type RowChange = Partial<
  Pick<OutboxRow, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'sent_at' | 'delivered_via'>
>;

type Hook = { name: 'onSent'; attempt: Attempt } | { name: 'onRetry' | 'onDead'; failure: Failure };

/** Records what became of a claimed row, then its kind's hook, in one write. */
function recorder(storage: Pick<Storage, 'write'>, byKind: ReadonlyMap<string, MessageKind>) {
  return async function update(row: OutboxRow, change: RowChange, at: Date, hook: Hook) {
    await storage.write.run(async (trx) => {
      const updated = await trx
        .updateTable('outbox')
        .set({ ...change, claimed_until: null, updated_at: at.toISOString() })
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return; // deleted meanwhile (a data-subject request)
      // The hook sees the row as it is now (its status, error and how it left).
      const kind = byKind.get(row.kind);
      const current = { ...row, ...change };
      if (hook?.name === 'onSent') await kind?.onSent?.(trx, current, at, hook.attempt);
      else await kind?.[hook.name]?.(trx, current, at, hook.failure);
    });
  };
}

/** What a worker records of the rows it claimed: given back, sent, to retry, dead; the row's kind follows. */
export function createOutboxMarks(storage: Pick<Storage, 'write'>, byKind: ReadonlyMap<string, MessageKind>) {
  const write = storage.write.run;
  const update = recorder(storage, byKind);

  return {
    /**
     * Gives back claimed emails that were not attempted (the worker is
     * stopping), so the next process sends them at once instead of after the
     * lease. A row leased again meanwhile is left alone.
     */
    async release(rows: readonly OutboxRow[], leaseUntil: Date, at: Date) {
      if (rows.length === 0) return;
      await write(async (trx) => {
        await trx
          .updateTable('outbox')
          .set({ claimed_until: null, updated_at: at.toISOString() })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .where('status', '=', 'pending')
          .where('claimed_until', '=', leaseUntil.toISOString())
          .execute();
      });
    },

    /**
     * Sent through `via`: a mail server ("smtp"), or only kept as an .eml file ("file") or in the
     * database ("database"), or taken by an HTTP receiver ("http", with its status and duration).
     */
    async markSent(row: OutboxRow, at: Date, via: DeliveredVia, attempt: Attempt = {}) {
      await update(
        row,
        {
          status: 'sent',
          attempts: row.attempts + 1,
          sent_at: at.toISOString(),
          last_error: null,
          delivered_via: via,
        },
        at,
        { name: 'onSent', attempt },
      );
    },

    async markRetry(row: OutboxRow, at: Date, nextAttempt: Date, error: string, attempt: Attempt = {}) {
      await update(
        row,
        {
          attempts: row.attempts + 1,
          next_attempt_at: nextAttempt.toISOString(),
          last_error: error.slice(0, MAX_ERROR_LENGTH),
        },
        at,
        { name: 'onRetry', failure: { ...attempt, permanent: false, error } },
      );
    },

    /** `permanent`: the mail server refused it for good (5xx); otherwise it ran out of attempts. */
    async markDead(row: OutboxRow, at: Date, error: string, permanent = false, attempt: Attempt = {}) {
      await update(
        row,
        { status: 'dead', attempts: row.attempts + 1, last_error: error.slice(0, MAX_ERROR_LENGTH) },
        at,
        { name: 'onDead', failure: { ...attempt, permanent, error } },
      );
    },
  };
}
