import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import { isCancelled, isHeld, type Cancelled, type Held, type MessageKind } from './message-kind.ts';
import { unclaimed } from './outbox-state-change.ts';
import { HTTP_LANES, type OutboxLane, type OutboxRow } from './outbox-table.ts';
import { countClaimed, throttleRoom } from './outbox-throttle.ts';
import { MAIL_LANE } from './outbox-view.ts';
import { isOutgoingRequest, type OutgoingMessage } from './outgoing-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

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

/** Which emails a worker claims: its lane, and that lane's throttle (emails per minute; 0: none). */
export interface ClaimLane {
  lane?: OutboxLane;
  ratePerMinute?: number;
}

/** The claim of an email lane, which gives emails only. */
type EmailLaneClaim = ClaimLane & { lane?: Exclude<OutboxLane, (typeof HTTP_LANES)[number]> };

type Built = OutgoingMessage | Cancelled | Held;

/** Each row built by its kind, by row id: a kind with prepareBatch builds all its rows at once. None for an unknown kind. */
async function buildEach(
  trx: Transaction<Database>,
  byKind: ReadonlyMap<string, MessageKind>,
  rows: readonly OutboxRow[],
  at: Date,
): Promise<Map<number, Built>> {
  const built = new Map<number, Built>();
  const together = new Map<MessageKind, OutboxRow[]>();
  for (const row of rows) {
    const kind = byKind.get(row.kind);
    if (kind?.prepareBatch) together.set(kind, [...(together.get(kind) ?? []), row]);
    else if (kind) built.set(row.id, await kind.prepare(trx, row, at));
  }
  for (const [kind, kindRows] of together) {
    const messages = (await kind.prepareBatch?.(trx, kindRows, at)) ?? [];
    kindRows.forEach((row, index) =>
      built.set(row.id, messages[index] ?? { cancelled: `the kind "${row.kind}" built nothing for it` }),
    );
  }
  return built;
}

/**
 * Builds each leased row by its kind, in the claim's transaction: one its kind cancels or holds is
 * marked so; one of a kind nobody registered, or built for another lane's transport, is a dead letter.
 * Returns those ready to send.
 */
async function prepareLeased(
  trx: Transaction<Database>,
  byKind: ReadonlyMap<string, MessageKind>,
  rows: readonly OutboxRow[],
  { lane, at }: { lane: OutboxLane; at: Date },
): Promise<DueMessage[]> {
  const due: DueMessage[] = [];
  const overHttp = (HTTP_LANES as readonly OutboxLane[]).includes(lane);
  const builtById = await buildEach(trx, byKind, rows, at);
  for (const row of rows) {
    const built = builtById.get(row.id) ?? {
      dead: `No email kind "${row.kind}" is registered with the outbox.`,
    };
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
      await tablesOf<OutboxTables>(trx)
        .updateTable('outbox')
        .set({ ...change, claimed_until: null, updated_at: at.toISOString() })
        .where('id', '=', row.id)
        .execute();
    } else due.push({ row, mail: prepared });
  }
  return due;
}

/** Leases the due rows of a lane a claim may take, in its transaction: those it leased, undefined if none was due. */
async function leaseDue(
  trx: Transaction<Database>,
  storage: Pick<Storage, 'claimable'>,
  { lane, take, at, leaseUntil }: { lane: OutboxLane; take: number; at: Date; leaseUntil: Date },
): Promise<OutboxRow[] | undefined> {
  const now = at.toISOString();
  const query = tablesOf<OutboxTables>(trx)
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
  if (rows.length === 0) return undefined;
  // One statement leases them all (a batch of a campaign is fifty rows, not fifty round trips).
  const claimed = await tablesOf<OutboxTables>(trx)
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
  return rows.filter((row) => leased.has(row.id));
}

/** The claim of due rows by a lane's worker (see claimDue). */
export function createOutboxClaim(
  storage: Pick<Storage, 'write' | 'claimable' | 'lockedForUpdate'>,
  byKind: ReadonlyMap<string, MessageKind>,
) {
  /**
   * Takes up to `limit` due emails no worker holds and leases them until
   * `leaseUntil` (claimed_until): while the lease runs nothing else claims,
   * retries or cancels them; if the process dies while sending, they become
   * due again when it runs out and go out with the same Message-ID.
   * Each is built by its kind in the same transaction; one its kind cancels
   * is marked so, and one of a kind nobody registered is a dead letter.
   * Several instances claim at once: each locks the rows it takes
   * (storage.claimable: FOR UPDATE SKIP LOCKED on PostgreSQL) until its lease
   * is written, and the others pass over them to the next due rows instead of
   * waiting. On SQLite writes run one at a time, so the lease alone keeps two
   * claims apart.
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
    return storage.write.run(async (trx) => {
      // A throttled lane takes no more than its minute has room for (counted in the database).
      const throttle =
        ratePerMinute > 0 ? await throttleRoom(trx, storage, { lane, ratePerMinute, at }) : undefined;
      const take = throttle ? Math.min(limit, throttle.room) : limit;
      if (take <= 0) return [];
      const rows = await leaseDue(trx, storage, { lane, take, at, leaseUntil });
      if (!rows) return [];
      const due = await prepareLeased(trx, byKind, rows, { lane, at });
      if (throttle) await countClaimed(trx, { lane, windowStart: throttle.windowStart, claimed: due.length });
      return due;
    });
  }
  return claimDue;
}
