import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import type { OutboxRow } from './outbox-table.ts';

/** Why an email must not go out any more: the row is cancelled with this reason. */
export interface Cancelled {
  cancelled: string;
}

/** Why an email must wait until its feature lets it go (a paused campaign): the row is held. */
export interface Held {
  held: string;
}

/** How a send failed: for good (a 5xx answer), or it ran out of attempts. */
export interface Failure {
  permanent: boolean;
  error: string;
}

/**
 * One kind of email, as a feature registers it with the outbox: how to build
 * the message, and what to do when it is sent or dead. The outbox calls
 * these by the row's `kind` and never branches on a kind itself.
 * Every hook runs inside the outbox's own transaction, so what it writes
 * commits (or not) with the row's new state.
 */
export interface EmailKind {
  /** The value of the outbox row's `kind` column. */
  readonly kind: string;
  /**
   * Called in the transaction that claims the email for sending: builds the
   * message (storing, say, the hashes of its links' tokens), or says why it
   * must not go out any more.
   */
  prepare(trx: Transaction<Database>, row: OutboxRow, at: Date): Promise<OutgoingMail | Cancelled | Held>;
  /** The mail server took it (or it was written as a file). */
  onSent?(trx: Transaction<Database>, row: OutboxRow, at: Date): Promise<void>;
  /** It failed for now and will be tried again. */
  onRetry?(trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure): Promise<void>;
  /** It failed for good, or ran out of attempts: a dead letter. */
  onDead?(trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure): Promise<void>;
  /** What the email is about, for the logs, e.g. `{ leadId: 7 }`; never personal data. */
  describe?(row: OutboxRow): Record<string, unknown>;
}

export function isCancelled(value: OutgoingMail | Cancelled | Held): value is Cancelled {
  return 'cancelled' in value;
}

export function isHeld(value: OutgoingMail | Cancelled | Held): value is Held {
  return 'held' in value;
}
