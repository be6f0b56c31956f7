import type { Generated, Selectable } from 'kysely';

/**
 * What happened to a quote request:
 * - received: stored; the notification to the company is waiting in the outbox;
 * - notified: the notification was handed to the mail server (or written as a file);
 * - dead: the notification could not be delivered (see the outbox's dead letters);
 * - spam: the honeypot was filled; stored for review, never emailed.
 */
export const LEAD_STATUSES = ['received', 'notified', 'dead', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * What an email is:
 * - notification: a quote request, to the company inbox;
 * - acknowledgement: to the visitor who sent a quote request (ACK_EMAIL);
 * - confirmation: the double opt-in email to a newsletter subscriber.
 */
export const OUTBOX_KINDS = ['notification', 'acknowledgement', 'confirmation'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * pending: due at next_attempt_at; sent: delivered; dead: gave up (permanent
 * failure or too many attempts); cancelled: no longer to be sent (an email to
 * a subscriber who confirmed or unsubscribed meanwhile).
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Where a newsletter subscriber stands:
 * - pending: signed up, not confirmed yet (receives only confirmation emails);
 * - confirmed: confirmed by the link in the email (the only status newsletters go to);
 * - unsubscribed: left the list; suppressed until a new confirmation (a new
 *   sign-up sends one, but the status stays until it is confirmed).
 */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** confirm: single use, 48 hours; unsubscribe: valid as long as the subscriber exists. */
export const TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * Times are ISO 8601 UTC strings (`Date.prototype.toISOString()`), which sort
 * as text in any SQL database.
 */
export interface QuoteRequestsTable {
  id: Generated<number>;
  created_at: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** Path of the page the form was sent from, e.g. "/", or "unknown". */
  source_page: string;
  status: LeadStatus;
}

/**
 * A newsletter subscriber, one row per address. No IP address, no name: the
 * address, where and when it signed up, the consent it was shown, and what
 * happened since.
 */
export interface SubscribersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  status: SubscriberStatus;
  /** The first sign-up. */
  created_at: string;
  /** The latest sign-up with this address, whatever came of it. */
  last_signup_at: string;
  /** The latest confirmation. */
  confirmed_at: string | null;
  /** The latest unsubscription. */
  unsubscribed_at: string | null;
  /** Path of the page of the latest sign-up that sent a confirmation email, or "unknown". */
  source_page: string;
  /** The consent notice shown with that sign-up (common/newsletter.ts), version and words. */
  consent_version: string;
  consent_text: string;
}

/**
 * The links in the emails to a subscriber. Only the SHA-256 of each token is
 * kept: the token itself is made when its email is sent and exists only in
 * that email. Every email carries its own tokens, so the links of every email
 * sent keep working (until a confirm link expires or is used).
 */
export interface SubscriberTokensTable {
  /** Hex SHA-256 of the token. */
  token_hash: string;
  subscriber_id: number;
  purpose: TokenPurpose;
  created_at: string;
  /** 48 hours after created_at for confirm tokens; null (never) for unsubscribe tokens. */
  expires_at: string | null;
  /** When a confirm token was used, or withdrawn (another one was used, or the address unsubscribed). */
  used_at: string | null;
}

/** One email: of a quote request (quote_request_id) or to a subscriber (subscriber_id), never both. */
export interface OutboxTable {
  id: Generated<number>;
  quote_request_id: number | null;
  subscriber_id: number | null;
  kind: OutboxKind;
  /** Lower-cased recipient address; for acknowledgements and confirmations, the visitor's. */
  recipient: string;
  /** The email's Message-ID, fixed when the row is written so a retry is the same email. */
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

export interface Database {
  quote_requests: QuoteRequestsTable;
  outbox: OutboxTable;
  subscribers: SubscribersTable;
  subscriber_tokens: SubscriberTokensTable;
}

export type Lead = Selectable<QuoteRequestsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type Subscriber = Selectable<SubscribersTable>;
