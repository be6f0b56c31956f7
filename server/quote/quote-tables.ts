import type { Generated, Selectable } from 'kysely';
import type { QuoteRequest } from '../../common/quote-request.ts';

/**
 * What happened to a quote request:
 * - received: stored; the notification to the company is waiting in the outbox;
 * - notified: the notification was handed to the mail server (or written as a file);
 * - dead: the notification could not be delivered (see the outbox's dead letters);
 * - spam: the honeypot was filled; stored for review, never emailed.
 */
export const LEAD_STATUSES = ['received', 'notified', 'dead', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** One quote request: a column per field of the form (common/quote-request.ts), as validated. */
type QuoteRequestsTable = QuoteRequest & {
  id: Generated<number>;
  created_at: string;
  /** Path of the page the form was sent from, e.g. "/", or "unknown". */
  source_page: string;
  status: LeadStatus;
};

export type Lead = Selectable<QuoteRequestsTable>;

/** The emails of a quote request (see quote-email-kinds.ts). */
export const QUOTE_EMAIL_KINDS = {
  notification: 'notification',
  acknowledgement: 'acknowledgement',
} as const;

declare module '../db/database-tables.ts' {
  interface Database {
    quote_requests: QuoteRequestsTable;
  }
}

declare module '../outbox/outbox-table.ts' {
  interface OutboxTable {
    /** The quote request an email is about (deleted with it). */
    quote_request_id: number | null;
  }
}
