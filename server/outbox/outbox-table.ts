import type { Generated, Selectable } from 'kysely';
import type { MailerKind } from '../mail/outgoing-mail.ts';

/**
 * pending: due at next_attempt_at (being sent while claimed_until is ahead);
 * sent: delivered; dead: gave up (permanent failure or too many attempts);
 * cancelled: no longer to be sent (its email kind said so when it was due,
 * e.g. a subscriber confirmed meanwhile, or its feature withdrew it);
 * held: waits until its feature lets it go (a paused campaign), never claimed meanwhile.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead', 'cancelled', 'held'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Each lane has its own worker: 'mail' for the features' emails (notifications, confirmations, tests),
 * 'campaign' for the newsletter's campaigns, throttled, so a campaign never delays a notification,
 * 'integration' for deliveries to webhooks, Slack and Teams over HTTP.
 */
export type OutboxLane = 'mail' | 'campaign' | 'integration';

/** The lanes whose messages are HTTP requests (outgoing-request.ts), not emails. */
export const HTTP_LANES = ['integration'] as const satisfies readonly OutboxLane[];

/** How a sent row left: a mailer's way (see MailerKind), or "http" for a request to an integration. */
export type DeliveredVia = MailerKind | 'http';

/**
 * One message to send: an email, or an HTTP request on an HTTP lane (HTTP_LANES). The outbox knows
 * messages, not what they are about: that is the business of the row's kind (see message-kind.ts).
 * A row names what it is about and whom it goes to through generic columns (owner_type/owner_id,
 * recipient_type/recipient_id, each feature naming its own types, e.g. "lead"); only the outbox
 * writes the rows (outbox-rows.ts, owner-changes.ts, queue-selected.ts) and reads them for others
 * (owner-messages.ts). See docs/decisions/031.
 */
export interface OutboxTable extends CoreOutboxTable {
  id: Generated<number>;
}

/** The outbox's columns, beside its id. */
interface CoreOutboxTable {
  /** Which MessageKind builds and follows this message, e.g. "notification". */
  kind: string;
  /** Which worker sends it (see OutboxLane); 'mail' unless its feature says otherwise. */
  lane: Generated<OutboxLane>;
  /** Lower-cased recipient address. */
  recipient: string;
  /** The email's Message-ID, fixed when the row is written so a retry is the same email. */
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  /**
   * While a worker sends it: the end of its lease. Until then nothing else
   * claims, retries or cancels it; a lease that runs out (the process died)
   * makes it due again, to go out with the same Message-ID. Null otherwise.
   */
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /**
   * How a sent email left: "smtp"; or, with no mail server, "file" when it was only written as an
   * .eml file, "database" when it was only kept in the mail_drop table (PostgreSQL); "http" for an
   * integration's request the receiver answered 2xx; null before this was recorded.
   */
  delivered_via: DeliveredVia | null;
  /** What the message is about, as its feature names it: e.g. "lead", "subscriber", "campaign". */
  owner_type: string;
  owner_id: number;
  /** The record it goes to, when its feature keeps one apart from the owner: e.g. "subscriber" for a campaign's email, "integration" for a delivery. */
  recipient_type: string | null;
  recipient_id: number | null;
  /** What an HTTP lane's message carries beyond its owner, as its feature wrote it (JSON). */
  payload: string | null;
}

export type OutboxRow = Selectable<OutboxTable>;

/** A throttled lane's count of the current minute (see outbox-throttle.ts). */
interface OutboxThrottleTable {
  lane: OutboxLane;
  window_start: string;
  claimed: number;
}

/**
 * With PostgreSQL and no SMTP_URL: each email as it would have been sent
 * (RFC 5322, CRLF line ends), kept in the database instead of one instance's
 * disk. A row goes with its outbox row (ON DELETE CASCADE), so deleting a
 * lead or a subscriber, from any instance, deletes its emails too.
 */
interface MailDropTable {
  /** The outbox row's Message-ID; the email's .eml file is named after it. */
  message_id: string;
  /** The To header's addresses, comma-separated. */
  recipient: string;
  /** The whole message; its bytes as latin1 text (nodemailer's output is 7-bit ASCII anyway). */
  eml: string;
  /** When it was (last) kept. */
  created_at: string;
}

/** The outbox's tables: only server/outbox views the database with them; features call its functions. */
export interface OutboxTables {
  outbox: OutboxTable;
  outbox_throttle: OutboxThrottleTable;
  mail_drop: MailDropTable;
}
