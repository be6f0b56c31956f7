import type { OutboxRow } from '../outbox/outbox-table.ts';
import type { Generated, GeneratedAlways, Selectable } from 'kysely';
import type { LeadEventKind, LeadStatus } from '../../common/lead-domain.ts';
import type { QuoteRequest } from '../../common/quote-request.ts';
import type { LeadCountsTable } from './lead-count-tables.ts';

/** One quote request: a column per field of the form (common/quote-request.ts), as validated. */
type QuoteRequestsTable = QuoteRequest & {
  id: Generated<number>;
  /** What the emails call it, e.g. "Q-7F3K9C": random, unlike the id (see lead-reference.ts). */
  reference: string;
  created_at: string;
  /** Path of the page the form was sent from, e.g. "/", or "unknown". */
  source_page: string;
  /** What the company does with it: new, contacted, quoted, won, lost (common/lead-domain.ts). */
  status: Generated<LeadStatus>;
  /** 1 when it is spam (the honeypot was filled, or someone marked it so); spam is never emailed. */
  spam: Generated<number>;
  /** When it became spam (the honeypot, or someone marked it); null when it is not. */
  spam_at: string | null;
  /**
   * Milliseconds from its arrival to the first status change or note by a person (lead_events with an
   * actor); null while nobody has answered. Set once, by addLeadEvent (the dashboard's time to first contact).
   */
  first_contact_ms: number | null;
  /** The staff account responsible for answering it (admin_accounts.id), or null for nobody. */
  owner_id: number | null;
  /** The day to follow it up on ("YYYY-MM-DD" in ADMIN_TIME_ZONE), or null; cleared when done. */
  follow_up_on: string | null;
  /** The follow-up date a reminder was sent for (once per date), or null. */
  follow_up_reminded_for: string | null;
  /** When it was escalated for waiting past FIRST_RESPONSE_MINUTES without a first contact (once). */
  escalated_at: string | null;
  /** The phone's digits alone, computed by the database (e.g. "919876543210"). */
  phone_digits: GeneratedAlways<string>;
  /** Every ending of those digits of 4 or more, computed by the database: what a phone search looks in. */
  phone_endings: GeneratedAlways<string>;
};

export type Lead = Selectable<QuoteRequestsTable>;

/** What happened to a lead and who did it; the lead's timeline. */
interface LeadEventsTable {
  id: Generated<number>;
  quote_request_id: number;
  at: string;
  /** The email of the account that did it; null for the system (the outbox, the command line). */
  actor: string | null;
  kind: LeadEventKind;
  from_status: LeadStatus | null;
  to_status: LeadStatus | null;
  /** A note's text, or what became of the notification. */
  text: string | null;
}

export type LeadEvent = Selectable<LeadEventsTable>;

/** The emails of a quote request (see quote-email-kinds.ts). */
export const QUOTE_EMAIL_KINDS = {
  notification: 'notification',
  acknowledgement: 'acknowledgement',
} as const;

/** Why a spam lead's notification was withdrawn (its outbox row's last error). */
export const SPAM_CANCELLATION = 'marked as spam';

/** The outbox's name for a lead, the owner of its emails and integration deliveries. */
export const LEAD_OWNER = 'lead';

/** A lead as the owner of its emails, for the outbox. */
export const leadOwner = (id: number) => ({ type: LEAD_OWNER, id }) as const;

/** The lead an outbox row is about, if it is about one. */
export const leadIdOf = (row: OutboxRow): number | null =>
  row.owner_type === LEAD_OWNER ? row.owner_id : null;

/** The auto-reply: whether visitors get one, and what staff wrote for it. One row, id 1. */
interface AutoReplyTable {
  id: number;
  /** 1 (on) or 0. */
  enabled: number;
  text: string;
  /** Null until staff first save it (a row seeded at start). */
  updated_at: string | null;
  updated_by: string | null;
}

/** The leads' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface LeadTables {
  quote_requests: QuoteRequestsTable;
  lead_events: LeadEventsTable;
  lead_counts: LeadCountsTable;
  auto_reply: AutoReplyTable;
}
