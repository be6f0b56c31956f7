import type { SourcePageCount } from '../../common/dashboard-domain.ts';
import type { Storage } from '../db/database.ts';
import type { UtcRange } from '../time/period-bounds.ts';
import { groupedLeads } from '../leads/lead-groups.ts';
import { leadsPerWeek, type WeekCount } from '../leads/lead-weeks.ts';
import {
  type FirstContact,
  periodLeads,
  type PeriodLeads,
  type StatusFunnel,
} from '../leads/period-leads.ts';

export type { WeekCount } from '../leads/lead-weeks.ts';
export type { FirstContact, PeriodLeads, StatusFunnel } from '../leads/period-leads.ts';

/**
 * The nearest-rank percentile (the smallest value with at least p of them at or below it): always a
 * time that really happened, and easy to check by hand. The median of an even count is the lower of
 * the two middle values. The dashboard's are read by the database the same way (Storage.percentiles).
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

/**
 * The dashboard's lead figures, counted in SQL on either database. Spam is never counted. Times are
 * compared as ISO 8601 UTC text (how created_at and at are stored, which sorts as time), so a range's
 * bounds are the UTC instants of local midnights (period-bounds.ts) and no SQL time-zone function,
 * which differ between SQLite and PostgreSQL, is needed. Counts come from lead_counts (the leads counted
 * ahead by UTC day and month, lead-count-migrations.ts) and, for the hours of a period outside whole
 * UTC days, from the leads (range-parts.ts, lead-groups.ts); the percentiles from the leads' stored
 * first_contact_ms (period-leads.ts); the weeks' chart in lead-weeks.ts.
 */
export function createLeadFigures(storage: Pick<Storage, 'db' | 'tableByIndex' | 'percentiles'>) {
  const figures = {
    /** Leads per local week for the last 12 weeks, oldest first (lead-weeks.ts). */
    perWeek: (now: Date, timeZone: string): Promise<WeekCount[]> => leadsPerWeek(storage.db, now, timeZone),

    /** Leads (never spam) that arrived in the range: the previous period's total. */
    async total(range: UtcRange): Promise<number> {
      return (await groupedLeads(storage, range)).reduce((sum, row) => sum + Number(row.count), 0);
    },

    /** A period's leads by page, by status, and their time to first contact (period-leads.ts). */
    ofPeriod: (range: UtcRange): Promise<PeriodLeads> => periodLeads(storage, range),

    /** Leads of the range by the page they were sent from, most first (then by path, for a stable order). */
    async bySourcePage(range: UtcRange): Promise<SourcePageCount[]> {
      return (await figures.ofPeriod(range)).bySourcePage;
    },

    /** Of the leads that arrived in the range, how many are in each status now, and the win rate. */
    async funnel(range: UtcRange): Promise<StatusFunnel> {
      return (await figures.ofPeriod(range)).funnel;
    },

    /**
     * Time to first contact of the leads that arrived in the range: from created_at to the lead's first
     * status change or note by a person (actor not null; the system's deliveries and retries are not an
     * answer), as stored in first_contact_ms when it happened (lead-events.ts).
     */
    async firstContact(range: UtcRange): Promise<FirstContact> {
      return (await figures.ofPeriod(range)).firstContact;
    },
  };
  return figures;
}
