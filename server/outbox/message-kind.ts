import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { OutboxRow } from './outbox-table.ts';
import type { OutgoingMessage } from './outgoing-request.ts';

/** Why an email must not go out any more: the row is cancelled with this reason. */
export interface Cancelled {
  cancelled: string;
}

/** Why an email must wait until its feature lets it go (a paused campaign): the row is held. */
export interface Held {
  held: string;
}

/** What an HTTP transport tells of an attempt: the answer's status code, and how long it took. */
export interface Attempt {
  /** None when no answer came (refused, timed out). */
  status?: number;
  durationMs?: number;
}

/** How a send failed: for good (a 5xx answer), or it ran out of attempts. */
export interface Failure extends Attempt {
  permanent: boolean;
  error: string;
}

/**
 * One kind of message (an email, or an HTTP request on an HTTP lane), as a feature registers it with
 * the outbox: how to build the message, and what to do when it is sent or dead. The outbox calls
 * these by the row's `kind` and never branches on a kind itself.
 * Every hook runs inside the outbox's own transaction, so what it writes
 * commits (or not) with the row's new state.
 */
export interface MessageKind {
  /** The value of the outbox row's `kind` column. */
  readonly kind: string;
  /**
   * Called in the transaction that claims the email for sending: builds the
   * message (storing, say, the hashes of its links' tokens), or says why it
   * must not go out any more. A kind of an HTTP lane builds a request instead (outgoing-request.ts).
   */
  prepare(trx: Transaction<Database>, row: OutboxRow, at: Date): Promise<OutgoingMessage | Cancelled | Held>;
  /**
   * Instead of prepare for each row, when given: builds all its rows of one claim together (a pass of
   * a campaign: one read for them all, not one per row). One answer per row, in their order.
   */
  prepareBatch?(
    trx: Transaction<Database>,
    rows: readonly OutboxRow[],
    at: Date,
  ): Promise<(OutgoingMessage | Cancelled | Held)[]>;
  /** The mail server took it (or it was written as a file), or the HTTP receiver answered 2xx. */
  onSent?(trx: Transaction<Database>, row: OutboxRow, at: Date, attempt: Attempt): Promise<void>;
  /**
   * Instead of onSent, when given: told once of all its rows a worker's pass sent (their outcomes are
   * recorded together), so what it writes about them can be one statement. `at`: the latest send.
   */
  onSentBatch?(trx: Transaction<Database>, rows: readonly OutboxRow[], at: Date): Promise<void>;
  /** It failed for now and will be tried again. */
  onRetry?(trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure): Promise<void>;
  /** It failed for good, or ran out of attempts: a dead letter. */
  onDead?(trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure): Promise<void>;
  /** What the email is about, for the logs, e.g. `{ leadId: 7 }`; never personal data. */
  describe?(row: OutboxRow): Record<string, unknown>;
}

export function isCancelled(value: OutgoingMessage | Cancelled | Held): value is Cancelled {
  return 'cancelled' in value;
}

export function isHeld(value: OutgoingMessage | Cancelled | Held): value is Held {
  return 'held' in value;
}
