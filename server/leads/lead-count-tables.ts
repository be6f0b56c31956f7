import type { Generated } from 'kysely';

/**
 * The leads counted ahead (server/leads/lead-count-migrations.ts): how many leads that are not spam
 * arrived in each UTC day and each UTC month, by their status now and the page they were sent from, and
 * how many of them a person has answered. Database triggers on quote_requests keep it, in the same
 * transaction as the change to the lead, whatever makes the change (the form, the inbox, retention, a
 * migration, a script): the dashboard then adds up a few thousand of these rows for a year, not the
 * year's 100,000 leads. Derived from quote_requests alone, so db:copy does not copy it (the triggers
 * fill it as the leads are copied).
 */
export interface LeadCountsTable {
  /** "day" (bucket "2026-11-27") or "month" (bucket "2026-11"), in UTC. */
  span: 'day' | 'month';
  bucket: string;
  status: string;
  source_page: string;
  /**
   * PostgreSQL spreads a bucket over shards (lead-count-migrations.ts) so that concurrent commits do not
   * wait for one row: a bucket's figures are the sum of its rows. Always 0 on SQLite.
   */
  shard: Generated<number>;
  /** The leads of the bucket in this status from this page. Rows are kept at 0 once their leads move on. */
  leads: number;
  /** Of those, the leads with a first contact (quote_requests.first_contact_ms is set). */
  contacted: number;
}

/** Tables of the dashboard's that hold nothing but what can be counted again from the leads. */
export const DERIVED_TABLES = ['lead_counts'] as const;
