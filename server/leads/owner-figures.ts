import { sql } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { UtcRange } from '../time/period-bounds.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/** One owner's answering in a period (ownerId null: the leads nobody owns). */
export interface OwnerFigures {
  ownerId: number | null;
  leads: number;
  contacted: number;
  /** Median time to first contact of their answered leads; null when none is answered. */
  medianMs: number | null;
}

/** How many of a period's leads were answered within FIRST_RESPONSE_MINUTES. */
export interface WithinTarget {
  answered: number;
  total: number;
}

/** The index the figures per owner read (lead-owner-migrations.ts). */
const INDEX = 'quote_requests_owner_figures';

type FiguresStorage = Pick<Storage, 'db' | 'percentiles'>;

/** Time to first contact per owner, and the share answered within the limit (0: no limit, null). */
export async function ownerFiguresOf(
  storage: FiguresStorage,
  range: UtcRange,
  limitMs: number,
): Promise<{ byOwner: OwnerFigures[]; withinTarget: WithinTarget | null }> {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const rows = await tablesOf<LeadTables>(storage.db)
    .selectFrom('quote_requests')
    .select((eb) => [
      'owner_id',
      eb.fn.countAll<number>().as('leads'),
      eb.fn.count<number>('first_contact_ms').as('contacted'),
      eb.fn.sum<number>(sql`case when first_contact_ms <= ${limitMs} then 1 else 0 end`).as('within'),
    ])
    .where('spam', '=', 0)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('owner_id')
    .execute();
  const byOwner = await Promise.all(
    rows.map(async (row) => {
      const owner = row.owner_id === null ? sql`owner_id is null` : sql`owner_id = ${row.owner_id}`;
      const where = sql<boolean>`spam = 0 and ${owner} and created_at >= ${start} and created_at < ${end}`;
      const contacted = Number(row.contacted);
      const [medianMs] = await storage.percentiles(
        { table: 'quote_requests', column: 'first_contact_ms', where, index: INDEX },
        [0.5],
        async () => contacted,
      );
      return { ownerId: row.owner_id, leads: Number(row.leads), contacted, medianMs: medianMs ?? null };
    }),
  );
  const total = rows.reduce((sum, row) => sum + Number(row.leads), 0);
  const answered = rows.reduce((sum, row) => sum + Number(row.within ?? 0), 0);
  return { byOwner, withinTarget: limitMs > 0 ? { answered, total } : null };
}
