/**
 * bench:admin's follow-ups (docs/decisions/040-follow-ups.md): one lead in ten has a follow-up date, from two weeks
 * ago to two
 * weeks ahead (half overdue, a few today), owned by one of 10 staff (ids 1 to 10: the bench's account is
 * the first). Those due were reminded already, as a running server would have done, so the server's
 * reminder check finds nothing to send while the requests are timed. Plain UPDATEs (one per date), the
 * same on both databases.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/database-tables.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { LeadTables } from '../server/leads/quote-tables.ts';

/** One lead in SHARE has a follow-up. */
const SHARE = 10;
/** Dates from today - DAYS/2 to today + DAYS/2 - 1. */
const DAYS = 30;

function dateFrom(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function seedFollowUps(db: Kysely<Database>, today: string): Promise<void> {
  for (let day = 0; day < DAYS; day++) {
    const on = dateFrom(today, day - DAYS / 2);
    for (let owner = 1; owner <= 10; owner++) {
      // Leads whose id modulo SHARE * DAYS * 10 falls on this (day, owner): 1 in SHARE in all (never a
      // multiple of 50: the bench's spam, which the view leaves out).
      const slot = day * 10 + owner - 1;
      await tablesOf<LeadTables>(db)
        .updateTable('quote_requests')
        .set({
          follow_up_on: on,
          follow_up_reminded_for: on <= today ? on : null,
          owner_id: owner,
        })
        .where((eb) => eb(eb(eb.ref('id'), '%', SHARE * DAYS * 10), '=', slot * SHARE + 1))
        .execute();
    }
  }
}
