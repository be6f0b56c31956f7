import { sql } from 'kysely';
import type { SourcePageCount } from '../../common/dashboard-domain.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-domain.ts';
import type { Storage } from '../db/database.ts';
import { isLong, type UtcRange } from '../time/period-bounds.ts';
import { type GroupRow, groupedLeads } from './lead-groups.ts';

/** The time to first contact's percentiles: the median and the 90th. */
const PERCENTILES = [0.5, 0.9] as const;

export interface StatusFunnel {
  counts: Record<LeadStatus, number>;
  total: number;
  /** won ÷ (won + lost); null when no lead of the period is closed yet (the page shows "—", not 0%). */
  winRate: number | null;
}

export interface FirstContact {
  /** Milliseconds from arrival to the first status change or note by a person; null when none has one. */
  medianMs: number | null;
  p90Ms: number | null;
  /** Leads of the period that a person has answered (status change or note). */
  contacted: number;
  /** Leads of the period that no person has touched yet. */
  waiting: number;
}

/** What the dashboard shows of a period's leads, from one grouped query. */
export interface PeriodLeads {
  bySourcePage: SourcePageCount[];
  funnel: StatusFunnel;
  firstContact: FirstContact;
}

type FiguresStorage = Pick<Storage, 'db' | 'tableByIndex' | 'percentiles'>;

/**
 * The nearest-rank percentiles of the range's answered leads' first_contact_ms (percentile() in
 * lead-figures.ts), read by the database (Storage.percentiles) so that a year of leads is never sent
 * here to be sorted; `contacted` is how many were answered, for a database that needs the count.
 */
function contactPercentiles(storage: FiguresStorage, range: UtcRange, contacted: () => Promise<number>) {
  const where = sql<boolean>`spam = 0
    and created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}`;
  const index = isLong(range) ? 'quote_requests_first_contact' : 'quote_requests_dashboard';
  return storage.percentiles(
    { table: 'quote_requests', column: 'first_contact_ms', where, index },
    PERCENTILES,
    contacted,
  );
}

/** Paths sort the same on both databases (PostgreSQL's collation is not SQLite's byte order). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The period's counts: by status and page, and how many a person answered. */
function tally(rows: readonly GroupRow[]) {
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const pages = new Map<string, number>();
  let contacted = 0;
  for (const row of rows) {
    const count = Number(row.count);
    counts[row.status] += count;
    pages.set(row.source_page, (pages.get(row.source_page) ?? 0) + count);
    contacted += Number(row.contacted);
  }
  return { counts, pages, contacted };
}

/**
 * The leads of the range by page, by status, and how many a person has answered (lead_counts and the
 * leads at the range's ends), then the time to first contact's percentiles. This is what the
 * dashboard asks for a period. The percentiles start beside the counts; a database that needs the
 * count of answered leads for them (Storage.percentiles) waits for the counts.
 */
export async function periodLeads(storage: FiguresStorage, range: UtcRange): Promise<PeriodLeads> {
  const grouped = groupedLeads(storage, range);
  const [rows, [medianMs, p90Ms]] = await Promise.all([
    grouped,
    contactPercentiles(storage, range, async () => tally(await grouped).contacted),
  ]);
  const { counts, pages, contacted } = tally(rows);
  const total = LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const closed = counts.won + counts.lost;
  return {
    // A page whose leads have all moved on (deleted, marked spam) keeps rows at 0 in lead_counts.
    bySourcePage: [...pages]
      .filter(([, count]) => count > 0)
      .map(([sourcePage, count]) => ({ sourcePage, count }))
      .sort((a, b) => b.count - a.count || compareText(a.sourcePage, b.sourcePage)),
    funnel: { counts, total, winRate: closed === 0 ? null : counts.won / closed },
    firstContact: { medianMs: medianMs ?? null, p90Ms: p90Ms ?? null, contacted, waiting: total - contacted },
  };
}
