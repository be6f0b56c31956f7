import type { Transaction } from 'kysely';
import type { Database } from './database-tables.ts';

/** A line of the staff's activity log: who (null: the system) did what, and to which lead if any. */
export interface ActivityLine<Action extends string = string> {
  actor: string | null;
  action: Action;
  summary: string;
  leadId?: number | null;
}

/**
 * Writes a line of the activity log in the caller's transaction. The log's owner exports the one such
 * function; start-up passes it to the features that may not import the owner, each naming the actions
 * it records (docs/decisions/058-queries-owned-like-tables.md).
 */
export type RecordActivity<Action extends string = string> = (
  trx: Transaction<Database>,
  line: ActivityLine<Action>,
  at: Date,
) => Promise<void>;
