import { type Kysely, sql } from 'kysely';
import type { LeadStatus } from '../../common/lead-domain.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import './lead-count-tables.ts';
import type { UtcRange } from '../time/period-bounds.ts';
import { type BucketRange, rangeParts } from '../time/range-parts.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/** A period's leads of one status and page, and how many of them a person has answered. */
export interface GroupRow {
  status: LeadStatus;
  source_page: string;
  count: number | string;
  contacted: number | string;
}

/** The sums of lead_counts' buckets of one span (day or month) in a range, by status and page. */
function counted(db: Kysely<Database>, span: 'day' | 'month', buckets: BucketRange) {
  return tablesOf<LeadTables>(db)
    .selectFrom('lead_counts')
    .select((eb) => [
      'status',
      'source_page',
      eb.fn.sum<number | string>('leads').as('count'),
      eb.fn.sum<number | string>('contacted').as('contacted'),
    ])
    .where('span', '=', span)
    .where('bucket', '>=', buckets.from)
    .where('bucket', '<', buckets.to)
    .groupBy(['status', 'source_page'])
    .execute() as Promise<GroupRow[]>;
}

/** The hours at either end of a range: a few hundred leads at most, read by date from the index that holds them. */
async function live(storage: Pick<Storage, 'db' | 'tableByIndex'>, edge: UtcRange): Promise<GroupRow[]> {
  const from = storage.tableByIndex('quote_requests', 'quote_requests_dashboard');
  const { rows } = await sql<GroupRow>`select status, source_page, count(*) as count,
      count(first_contact_ms) as contacted
    from ${from}
    where spam = 0 and created_at >= ${edge.start.toISOString()} and created_at < ${edge.end.toISOString()}
    group by status, source_page`.execute(storage.db);
  return rows;
}

/** The leads of a range by status and page, from lead_counts' whole months and days and the leads at its ends. */
export async function groupedLeads(
  storage: Pick<Storage, 'db' | 'tableByIndex'>,
  range: UtcRange,
): Promise<GroupRow[]> {
  const parts = rangeParts(range);
  const all = await Promise.all([
    ...(parts.months ? [counted(storage.db, 'month', parts.months)] : []),
    ...parts.days.map((days) => counted(storage.db, 'day', days)),
    ...parts.edges.map((edge) => live(storage, edge)),
  ]);
  return all.flat();
}

/** The leads (not spam) of each range, in one statement: a count per range over the created_at index. */
export async function countEdges(db: Kysely<Database>, edges: readonly UtcRange[]): Promise<number[]> {
  if (edges.length === 0) return [];
  const counts = edges.map((edge, i) =>
    sql<number>`(select count(*) from quote_requests where spam = 0
        and created_at >= ${edge.start.toISOString()} and created_at < ${edge.end.toISOString()})`.as(
      `e${i}`,
    ),
  );
  const { rows } = await sql<Record<string, number | string | null>>`select ${sql.join(counts)}`.execute(db);
  return edges.map((_, i) => Number(rows[0]?.[`e${i}`] ?? 0));
}
