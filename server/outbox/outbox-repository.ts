import type { Storage } from '../db/database.ts';
import { isCancelled, isHeld, type Attempt, type EmailKind, type Failure } from './email-kind.ts';
import { unclaimed } from './outbox-rows.ts';
import { createOutboxView, MAIL_LANE } from './outbox-view.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import { HTTP_LANES, type DeliveredVia, type OutboxLane, type OutboxRow } from './outbox-table.ts';
import { isOutgoingRequest, type OutgoingMessage } from './outgoing-request.ts';
import { countClaimed, throttleRoom } from './outbox-throttle.ts';

/** An email taken from the outbox, ready to send. */
export interface DueEmail {
  row: OutboxRow;
  mail: OutgoingMail;
}

/** What a lane's worker sends: emails, or HTTP requests on the lanes of HTTP_LANES. */
export interface DueMessage {
  row: OutboxRow;
  mail: OutgoingMessage;
}

/** How much of an error message is kept on the row. */
const MAX_ERROR_LENGTH = 1000;

/** Which emails a worker claims: its lane, and that lane's throttle (emails per minute; 0: none). */
export interface ClaimLane {
  lane?: OutboxLane;
  ratePerMinute?: number;
}

/** The claim of an email lane, which gives emails only. */
type EmailLaneClaim = ClaimLane & { lane?: Exclude<OutboxLane, (typeof HTTP_LANES)[number]> };

type RowChange = Partial<
  Pick<OutboxRow, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'sent_at' | 'delivered_via'>
>;

/**
 * The transactional outbox: emails promised in the same transaction as what
 * they are about. It knows emails only; each kind registered here (see
 * email-kind.ts) builds its messages and follows what becomes of them.
 */
export function createOutboxRepository(
  storage: Pick<Storage, 'db' | 'write' | 'claimable' | 'lockedForUpdate'>,
  kinds: readonly EmailKind[],
) {
  const write = storage.write.run;
  const byKind = new Map<string, EmailKind>();
  for (const kind of kinds) {
    if (byKind.has(kind.kind)) throw new Error(`The email kind "${kind.kind}" is registered twice.`);
    byKind.set(kind.kind, kind);
  }

  type Hook = { name: 'onSent'; attempt: Attempt } | { name: 'onRetry' | 'onDead'; failure: Failure };

  async function update(row: OutboxRow, change: RowChange, at: Date, hook?: Hook) {
    await write(async (trx) => {
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
      else if (hook) await kind?.[hook.name]?.(trx, current, at, hook.failure);
    });
  }

  /**
   * Takes up to `limit` due emails no worker holds and leases them until
   * `leaseUntil` (claimed_until): while the lease runs nothing else claims,
   * retries or cancels them; if the process dies while sending, they become
   * due again when it runs out and go out with the same Message-ID.
   * Each is built by its kind in the same transaction; one its kind cancels
   * is marked so, and one of a kind nobody registered is a dead letter.
   * On PostgreSQL several instances claim at once: each locks the rows it
   * takes (FOR UPDATE SKIP LOCKED) until its lease is written, and the others
   * pass over them to the next due rows instead of waiting. On SQLite writes
   * run one at a time, so the lease alone keeps two claims apart.
   */
  async function claimDue(
    at: Date,
    leaseUntil: Date,
    limit: number,
    claim?: EmailLaneClaim,
  ): Promise<DueEmail[]>;
  async function claimDue(at: Date, leaseUntil: Date, limit: number, claim: ClaimLane): Promise<DueMessage[]>;
  async function claimDue(
    at: Date,
    leaseUntil: Date,
    limit: number,
    { lane = MAIL_LANE, ratePerMinute = 0 }: ClaimLane = {},
  ): Promise<DueMessage[]> {
    const now = at.toISOString();
    return write(async (trx) => {
      // A throttled lane takes no more than its minute has room for (counted in the database).
      const throttle =
        ratePerMinute > 0 ? await throttleRoom(trx, storage, { lane, ratePerMinute, at }) : undefined;
      const take = throttle ? Math.min(limit, throttle.room) : limit;
      if (take <= 0) return [];
      const query = trx
        .selectFrom('outbox')
        .selectAll()
        .where('lane', '=', lane)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => unclaimed(eb, at))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(take);
      const rows = await storage.claimable(query).execute();
      if (rows.length === 0) return [];
      // One statement leases them all (a batch of a campaign is fifty rows, not fifty round trips).
      const claimed = await trx
        .updateTable('outbox')
        .set({ claimed_until: leaseUntil.toISOString(), updated_at: now })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('status', '=', 'pending')
        .where((eb) => unclaimed(eb, at))
        .returning('id')
        .execute();
      const leased = new Set(claimed.map((row) => row.id));
      const due: DueMessage[] = [];
      const overHttp = (HTTP_LANES as readonly OutboxLane[]).includes(lane);
      for (const row of rows) {
        if (!leased.has(row.id)) continue;
        const kind = byKind.get(row.kind);
        const built = kind
          ? await kind.prepare(trx, row, at)
          : { dead: `No email kind "${row.kind}" is registered with the outbox.` };
        // A lane's worker has one transport: an email on an HTTP lane (or the reverse) could not leave.
        const prepared =
          'dead' in built || isCancelled(built) || isHeld(built) || isOutgoingRequest(built) === overHttp
            ? built
            : { dead: `The kind "${row.kind}" built a message the "${lane}" lane cannot send.` };
        if ('dead' in prepared || isCancelled(prepared) || isHeld(prepared)) {
          const change =
            'dead' in prepared
              ? { status: 'dead' as const, last_error: prepared.dead }
              : isCancelled(prepared)
                ? { status: 'cancelled' as const, last_error: prepared.cancelled }
                : { status: 'held' as const };
          await trx
            .updateTable('outbox')
            .set({ ...change, claimed_until: null, updated_at: now })
            .where('id', '=', row.id)
            .execute();
        } else due.push({ row, mail: prepared });
      }
      if (throttle) await countClaimed(trx, { lane, windowStart: throttle.windowStart, claimed: due.length });
      return due;
    });
  }

  return {
    claimDue,

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

    /** What the email is about, for the logs (its kind says). */
    describe(row: OutboxRow): Record<string, unknown> {
      return byKind.get(row.kind)?.describe?.(row) ?? {};
    },

    ...createOutboxView(storage),
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
