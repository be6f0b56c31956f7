import type { Storage } from '../db/database.ts';

/** A row's counts to add: views, and visitors new to every instance (or to this one, without Redis). */
interface Counts {
  views: number;
  visitors: number;
}

export interface VisitRows {
  days: Map<string, Counts & { day: string }>;
  pages: Map<string, Counts & { day: string; path: string }>;
  sources: Map<
    string,
    Counts & { day: string; path: string; referrer: string; utm_source: string; utm_campaign: string }
  >;
}

export const emptyRows = (): VisitRows => ({ days: new Map(), pages: new Map(), sources: new Map() });

/** Adds counts to a row of `rows` (made if new). */
export function addCounts<R extends Counts>(rows: Map<string, R>, key: string, row: R) {
  const existing = rows.get(key);
  if (!existing) rows.set(key, { ...row });
  else {
    existing.views += row.views;
    existing.visitors += row.visitors;
  }
}

/** Rows per insert: far below every database's limit on bound values (7 columns each). */
const ROWS_PER_INSERT = 100;

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += ROWS_PER_INSERT) {
    result.push(values.slice(start, start + ROWS_PER_INSERT));
  }
  return result;
}

/**
 * One transaction for a flush: every row's views and new visitors added to what the table has (an
 * upsert, so several instances add to the same rows), and the salts of the days before `today`
 * deleted, so that a past day's hash can never be made again.
 */
export async function writeVisitRows(storage: Storage, rows: VisitRows, today: string): Promise<void> {
  await storage.write.run(async (trx) => {
    for (const chunk of chunks([...rows.days.values()])) {
      await trx
        .insertInto('visit_days')
        .values(chunk)
        .onConflict((conflict) =>
          conflict.column('day').doUpdateSet((eb) => ({
            views: eb('visit_days.views', '+', eb.ref('excluded.views')),
            visitors: eb('visit_days.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute();
    }
    for (const chunk of chunks([...rows.pages.values()])) {
      await trx
        .insertInto('visit_pages')
        .values(chunk)
        .onConflict((conflict) =>
          conflict.columns(['day', 'path']).doUpdateSet((eb) => ({
            views: eb('visit_pages.views', '+', eb.ref('excluded.views')),
            visitors: eb('visit_pages.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute();
    }
    for (const chunk of chunks([...rows.sources.values()])) {
      await trx
        .insertInto('visit_sources')
        .values(chunk)
        .onConflict((conflict) =>
          conflict.columns(['day', 'path', 'referrer', 'utm_source', 'utm_campaign']).doUpdateSet((eb) => ({
            views: eb('visit_sources.views', '+', eb.ref('excluded.views')),
            visitors: eb('visit_sources.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute();
    }
    await trx.deleteFrom('visit_salts').where('day', '<', today).execute();
  });
}
