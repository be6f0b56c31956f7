import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * What happened to a quote request:
 * - received: stored; the notification to the company is waiting in the outbox;
 * - notified: the notification was handed to the mail server (or written as a file);
 * - dead: the notification could not be delivered (see the outbox's dead letters);
 * - spam: the honeypot was filled; stored for review, never emailed.
 */
export const LEAD_STATUSES = ['received', 'notified', 'dead', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** notification: to the company inbox; acknowledgement: to the visitor (ACK_EMAIL). */
export const OUTBOX_KINDS = ['notification', 'acknowledgement'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** pending: due at next_attempt_at; sent: delivered; dead: gave up (permanent failure or too many attempts). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

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

export interface OutboxTable {
  id: Generated<number>;
  quote_request_id: number;
  kind: OutboxKind;
  /** Lower-cased recipient address; for acknowledgements, the visitor's. */
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
}

export type Lead = Selectable<QuoteRequestsTable>;
export type NewLead = Insertable<QuoteRequestsTable>;
export type OutboxRow = Selectable<OutboxTable>;
