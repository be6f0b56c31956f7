import type { AnyColumn, Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { VisitTables } from './visit-tables.ts';

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

/** The tables of counts: a row's views and visitors, under its key columns (a day, a page, a source). */
type CountsTable = 'visit_days' | 'visit_pages' | 'visit_sources';

/** Adds the rows' views and visitors to the table's rows of the same key columns (made if new). */
async function addToTable<T extends CountsTable>(
  trx: Transaction<Database>,
  table: T,
  keyColumns: readonly (keyof VisitTables[T] & AnyColumn<VisitTables, CountsTable>)[],
  rows: readonly VisitTables[T][],
) {
  // Kysely types an upsert's SET on a known table, not on a type parameter: the union of the three.
  const counts: CountsTable = table;
  for (const chunk of chunks(rows)) {
    await tablesOf<VisitTables>(trx)
      .insertInto(counts)
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(keyColumns).doUpdateSet((eb) => ({
          views: eb(`${counts}.views`, '+', eb.ref('excluded.views')),
          visitors: eb(`${counts}.visitors`, '+', eb.ref('excluded.visitors')),
        })),
      )
      .execute();
  }
}

/**
 * One transaction for a flush: every row's views and new visitors added to what the table has (an
 * upsert, so several instances add to the same rows), and the salts of the days before `today`
 * deleted, so that a past day's hash can never be made again.
 */
export async function writeVisitRows(storage: Storage, rows: VisitRows, today: string): Promise<void> {
  await storage.write.run(async (trx) => {
    await addToTable(trx, 'visit_days', ['day'], [...rows.days.values()]);
    await addToTable(trx, 'visit_pages', ['day', 'path'], [...rows.pages.values()]);
    await addToTable(
      trx,
      'visit_sources',
      ['day', 'path', 'referrer', 'utm_source', 'utm_campaign'],
      [...rows.sources.values()],
    );
    await tablesOf<VisitTables>(trx).deleteFrom('visit_salts').where('day', '<', today).execute();
  });
}
