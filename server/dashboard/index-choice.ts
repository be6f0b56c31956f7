import { type RawBuilder, sql } from 'kysely';
import type { DatabaseDialect } from '../db/database.ts';
import type { UtcRange } from './period-bounds.ts';

/** Longer than a month: the 12-week and 12-month periods, which hold most of the rows. */
const LONG_MS = 32 * 24 * 60 * 60_000;

export function isLong(range: UtcRange): boolean {
  return range.end.getTime() - range.start.getTime() > LONG_MS;
}

/**
 * The table, and on SQLite the index to read it by ("quote_requests indexed by quote_requests_first_contact").
 * SQLite's planner chooses from statistics it has only after ANALYZE, which nothing runs: without them,
 * it may read a week's percentile along an index of every lead (10 ms) where the week's 2,000 rows by
 * date take 1, or a year's by date and sort them (where the index in time order reads the k-th directly).
 * So each percentile query names its index: by date for a short period, in time-to-contact order for a
 * long one. PostgreSQL's planner has its statistics (autovacuum analyses) and needs no hint.
 */
export function tableFor(
  dialect: DatabaseDialect,
  table: string,
  index: string | undefined,
): RawBuilder<unknown> {
  if (!/^[a-z_]+$/.test(table) || (index !== undefined && !/^[a-z_]+$/.test(index))) {
    throw new Error(`Bad name: ${table} ${index ?? ''}`);
  }
  return sql.raw(dialect === 'sqlite' && index ? `${table} indexed by ${index}` : table);
}
