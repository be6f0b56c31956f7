import type { Storage } from '../db/database.ts';
import type { Attempt, MessageKind } from './message-kind.ts';
import { deadOutcome, recordOutcomes, retryOutcome, sentOutcome, type Outcome } from './outbox-outcomes.ts';
import type { DeliveredVia, OutboxRow } from './outbox-table.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/** What a worker records of the rows it claimed: given back, sent, to retry, dead; the row's kind follows. */
export function createOutboxMarks(storage: Pick<Storage, 'write'>, byKind: ReadonlyMap<string, MessageKind>) {
  const write = storage.write.run;
  /** Records what became of claimed rows, then their kinds' hooks, in one write. */
  const record = (outcomes: readonly Outcome[]) =>
    outcomes.length === 0 ? Promise.resolve() : write((trx) => recordOutcomes(trx, byKind, outcomes));

  return {
    /**
     * Gives back claimed emails that were not attempted (the worker is
     * stopping), so the next process sends them at once instead of after the
     * lease. A row leased again meanwhile is left alone.
     */
    async release(rows: readonly OutboxRow[], leaseUntil: Date, at: Date) {
      if (rows.length === 0) return;
      await write(async (trx) => {
        await tablesOf<OutboxTables>(trx)
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
     * The outcomes of a worker's pass (sentOutcome, retryOutcome, deadOutcome), all in one write: one
     * statement for the rows whatever their number, then their kinds' hooks.
     */
    record,

    /** One row sent (see sentOutcome). */
    markSent: (row: OutboxRow, at: Date, via: DeliveredVia, attempt: Attempt = {}) =>
      record([sentOutcome(row, at, via, attempt)]),

    /** One row to try again at `nextAttempt`. */
    markRetry: (row: OutboxRow, at: Date, nextAttempt: Date, error: string, attempt: Attempt = {}) =>
      record([retryOutcome(row, at, nextAttempt, error, attempt)]),

    /** One dead letter: `permanent` when the mail server refused it for good (5xx). */
    markDead: (row: OutboxRow, at: Date, error: string, permanent = false, attempt: Attempt = {}) =>
      record([deadOutcome(row, at, error, permanent, attempt)]),
  };
}
