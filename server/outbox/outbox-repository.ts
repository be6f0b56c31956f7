import type { Kysely, Transaction } from 'kysely';
import type { Database, Lead, LeadStatus, OutboxRow, OutboxStatus } from '../db/schema.ts';
import type { WriteQueue } from '../db/write-queue.ts';
import { prepareSubscriberMail, type SubscriberMail } from '../newsletter/subscriber-repository.ts';

/** An email taken from the outbox, with what it is about: a quote request, or a subscriber and its links. */
export type DueEmail = { row: OutboxRow; lead: Lead } | ({ row: OutboxRow } & SubscriberMail);

/** How much of an error message is kept on the row. */
const MAX_ERROR_LENGTH = 1000;

async function setLeadStatus(trx: Transaction<Database>, row: OutboxRow, status: LeadStatus) {
  // Only the notification to the company decides the lead's status.
  if (row.kind !== 'notification' || row.quote_request_id === null) return;
  await trx
    .updateTable('quote_requests')
    .set({ status })
    .where('id', '=', row.quote_request_id)
    .where('status', '!=', 'spam')
    .execute();
}

export interface OutboxRepositoryOptions {
  /**
   * Where the worker's writes go: the server passes its group commit
   * (storage.write.run), so they share commits with new leads. Without it,
   * each write is its own transaction.
   */
  write?: WriteQueue<Database>['run'];
}

/** The transactional outbox: emails promised in the same transaction as their lead. */
export function createOutboxRepository(db: Kysely<Database>, options: OutboxRepositoryOptions = {}) {
  const write = options.write ?? ((job) => db.transaction().execute(job));

  async function update(
    row: OutboxRow,
    change: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'sent_at'>>,
    at: Date,
    leadStatus?: LeadStatus,
  ) {
    await write(async (trx) => {
      const updated = await trx
        .updateTable('outbox')
        .set({ ...change, updated_at: at.toISOString() })
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return; // deleted meanwhile (a data-subject request)
      if (leadStatus) await setLeadStatus(trx, row, leadStatus);
    });
  }

  return {
    /**
     * Takes up to `limit` due emails and leases them until `leaseUntil` by
     * moving their next attempt there: if the process dies while sending, they
     * become due again after the lease and go out with the same Message-ID.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<DueEmail[]> {
      const now = at.toISOString();
      return write(async (trx) => {
        const rows = await trx
          .selectFrom('outbox')
          .selectAll()
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .execute();
        const due: DueEmail[] = [];
        for (const row of rows) {
          const claimed = await trx
            .updateTable('outbox')
            .set({ next_attempt_at: leaseUntil.toISOString(), updated_at: now })
            .where('id', '=', row.id)
            .where('status', '=', 'pending')
            .where('next_attempt_at', '=', row.next_attempt_at)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) continue;
          if (row.quote_request_id !== null) {
            const lead = await trx
              .selectFrom('quote_requests')
              .selectAll()
              .where('id', '=', row.quote_request_id)
              .executeTakeFirst();
            if (lead) due.push({ row, lead });
            continue;
          }
          const mail = await prepareSubscriberMail(trx, row, at);
          if ('cancelled' in mail) {
            await trx
              .updateTable('outbox')
              .set({ status: 'cancelled', last_error: mail.cancelled, updated_at: now })
              .where('id', '=', row.id)
              .execute();
          } else due.push({ row, ...mail });
        }
        return due;
      });
    },

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
          .set({ next_attempt_at: at.toISOString(), updated_at: at.toISOString() })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', leaseUntil.toISOString())
          .execute();
      });
    },

    async markSent(row: OutboxRow, at: Date) {
      await update(
        row,
        { status: 'sent', attempts: row.attempts + 1, sent_at: at.toISOString(), last_error: null },
        at,
        'notified',
      );
    },

    async markRetry(row: OutboxRow, at: Date, nextAttempt: Date, error: string) {
      await update(
        row,
        {
          attempts: row.attempts + 1,
          next_attempt_at: nextAttempt.toISOString(),
          last_error: error.slice(0, MAX_ERROR_LENGTH),
        },
        at,
      );
    },

    async markDead(row: OutboxRow, at: Date, error: string) {
      await update(
        row,
        { status: 'dead', attempts: row.attempts + 1, last_error: error.slice(0, MAX_ERROR_LENGTH) },
        at,
        'dead',
      );
    },

    async list(filter: { status?: OutboxStatus } = {}): Promise<OutboxRow[]> {
      let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc');
      if (filter.status) query = query.where('status', '=', filter.status);
      return query.execute();
    },

    /** The emails of one quote request. */
    async forLead(leadId: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('outbox')
        .selectAll()
        .where('quote_request_id', '=', leadId)
        .orderBy('id')
        .execute();
    },

    /**
     * Puts dead (or pending) rows back in the queue, due now, with a fresh
     * attempt count. Sent and cancelled rows are left alone. Returns how many
     * were requeued.
     */
    async retry(selection: { id: number } | { allDead: true }, at: Date): Promise<number> {
      const now = at.toISOString();
      return write(async (trx) => {
        let query = trx.selectFrom('outbox').selectAll();
        query =
          'id' in selection
            ? query.where('id', '=', selection.id).where('status', 'in', ['pending', 'dead'])
            : query.where('status', '=', 'dead');
        const rows = await query.execute();
        for (const row of rows) {
          await trx
            .updateTable('outbox')
            .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
            .where('id', '=', row.id)
            .execute();
          await setLeadStatus(trx, row, 'received');
        }
        return rows.length;
      });
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
