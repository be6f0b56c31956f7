import type { QueryCreator } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

/**
 * The staff as the other features ask for them (the team's reminders, escalations, digests, turns and
 * "All leads" emails), in their own transaction or not: only accounts that are not revoked. Each is a
 * query, so that a caller may also use it as a condition of a write (outbox: storedOnlyIf).
 */

/** Every account that is not revoked: its id, email and role. */
export const activeStaff = (db: QueryCreator<Database>) =>
  tablesOf<AccountTables>(db)
    .selectFrom('admin_accounts')
    .select(['id', 'email', 'role'])
    .where('revoked_at', 'is', null);

/** Those who chose a daily digest. */
export const digestReaders = (db: QueryCreator<Database>) => activeStaff(db).where('daily_digest', '=', 1);

/** Those who take new leads in turn, in the order turns go round. */
export const staffTakingLeads = (db: QueryCreator<Database>) =>
  tablesOf<AccountTables>(db)
    .selectFrom('admin_accounts')
    .select(['id', 'email', 'new_lead_emails'])
    .where('revoked_at', 'is', null)
    .where('takes_leads', '=', 1)
    .orderBy('id');

/** Those who chose to hear of every lead ("Email me about new leads: All leads"). */
export const staffOnAllLeads = (db: QueryCreator<Database>) =>
  tablesOf<AccountTables>(db)
    .selectFrom('admin_accounts')
    .select('email')
    .where('new_lead_emails', '=', 'all')
    .where('revoked_at', 'is', null);
