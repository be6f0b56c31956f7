/**
 * `npm run db:copy`: the SQLite database, every row of every table, into an
 * empty PostgreSQL database, in one transaction. How an existing site moves.
 */
import type SQLite from 'better-sqlite3';
import { openSqlite } from '../db/sqlite-open.ts';
import { sqliteHasTable, sqliteSequences, sqliteStoredTables } from '../db/sqlite-files.ts';
import { moveIdentityPast, postgresForeignKeys, postgresTargetTables } from '../db/postgres-catalog.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { openStorage } from '../db/database.ts';
import type { DialectMigrations } from '../db/migrator.ts';
import { describeDatabaseUrl } from './postgres-programs.ts';
import { serverHolding } from './server-lock.ts';

/** Why the copy did not happen (exit code 1): a database that is not empty, a file that is not ours. */
export class CopyRefused extends Error {}

export interface TableCopy {
  table: string;
  sqlite: number;
  postgres: number;
}

export interface CopyOptions {
  sqlitePath: string;
  url: string;
  migrations: DialectMigrations;
  /**
   * Tables that PostgreSQL's triggers fill as the rows they count are copied (lead_counts): copying
   * them as well would count every row twice. They are left out of the copy (and of its row counts).
   */
  derivedTables?: readonly string[];
  /** Told of each table once it is copied. */
  progress?: (table: string, rows: number) => void;
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const batchSize = (columns: number) => Math.max(1, Math.min(500, Math.floor(30_000 / columns)));

/**
 * Bytes of values per INSERT, about: rows of large values (a file's chunks, 256 KiB each) go a few at
 * a time, so the copy's memory stays bounded whatever the tables hold.
 */
export const COPY_BATCH_BYTES = 4 * 1024 * 1024;

/** About how many bytes a value takes in a statement (a blob its length, text its characters). */
function sizeOf(value: unknown): number {
  if (Buffer.isBuffer(value)) return value.length;
  if (typeof value === 'string') return value.length;
  return 8;
}

/**
 * The rows, read one at a time, in batches of at most `maxRows` rows and about `maxBytes` bytes (a
 * batch closes once it reaches them; one larger row is a batch of its own).
 */
export function* rowBatches(
  rows: Iterable<unknown[]>,
  { maxRows, maxBytes = COPY_BATCH_BYTES }: { maxRows: number; maxBytes?: number },
): Generator<unknown[][]> {
  let batch: unknown[][] = [];
  let bytes = 0;
  for (const row of rows) {
    batch.push(row);
    bytes += row.reduce<number>((sum, value) => sum + sizeOf(value), 0);
    if (batch.length >= maxRows || bytes >= maxBytes) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** The tables in an order where every row's foreign keys point at rows already copied. */
async function foreignKeyOrder(db: Kysely<Database>, names: string[]): Promise<string[]> {
  const rows = await postgresForeignKeys(db);
  const ordered: string[] = [];
  const pending = new Set(names);
  while (pending.size > 0) {
    const ready = [...pending].filter((name) =>
      rows.every((row) => row.child !== name || row.parent === name || !pending.has(row.parent)),
    );
    if (ready.length === 0) throw new Error(`The foreign keys of ${[...pending].join(', ')} form a cycle.`);
    for (const name of ready.sort()) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered;
}

/** Refuses a database with any row in any of our tables: db:copy never mixes two sites' data. */
async function refuseUnlessEmpty(trx: Transaction<Database>, tables: string[], url: string) {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{
      any: boolean;
    }>`select exists (select from ${sql.table(table)}) as any`.execute(trx);
    if (rows[0]?.any) filled.push(table);
  }
  if (filled.length > 0) {
    throw new CopyRefused(
      `The database ${describeDatabaseUrl(url)} is not empty: ${filled.join(', ')} ${filled.length === 1 ? 'has' : 'have'} rows. db:copy only fills an empty database; nothing was copied. To copy again, drop it and create it empty (dropdb, createdb).`,
    );
  }
}

/** One table copied in batches, its identity moved past the copied ids, and its rows counted on both sides. */
async function copyTable(
  trx: Transaction<Database>,
  source: SQLite.Database,
  {
    name,
    columns,
    identity,
    sequence,
  }: { name: string; columns: string[]; identity: string | undefined; sequence: number },
): Promise<TableCopy> {
  const quoted = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
  // Read a row at a time (never a whole table), written in batches bounded in rows and bytes.
  const rows = source
    .prepare(`select ${quoted} from "${name.replace(/"/g, '""')}"`)
    .raw()
    .iterate() as Iterable<unknown[]>;
  for (const batch of rowBatches(rows, { maxRows: batchSize(columns.length) })) {
    await sql`insert into ${sql.table(name)} (${sql.join(columns.map((column) => sql.ref(column)))})
        values ${sql.join(batch.map((row) => sql`(${sql.join(row)})`))}`.execute(trx);
  }
  if (identity) {
    // Past the highest id copied, and past any id SQLite gave before (AUTOINCREMENT): never one again.
    await moveIdentityPast(trx, { table: name, identity, sequence });
  }
  const sqliteRows = source
    .prepare(`select count(*) from "${name.replace(/"/g, '""')}"`)
    .pluck()
    .get() as number;
  const { rows: counted } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(name)}`.execute(trx);
  const postgresRows = Number(counted[0]?.n ?? -1);
  if (postgresRows !== sqliteRows) {
    throw new Error(
      `${name}: ${sqliteRows} rows in SQLite but ${postgresRows} in PostgreSQL; nothing was copied.`,
    );
  }
  return { table: name, sqlite: sqliteRows, postgres: postgresRows };
}

/**
 * Copies every table of the SQLite file (opened read-only: it is left as it
 * is) into PostgreSQL, after running the PostgreSQL migrations there, in one
 * transaction: in foreign-key order (parents first, no constraint switched
 * off), in batches, then moves each identity past the copied ids and checks
 * the rows of every table. Anything wrong, and nothing is copied.
 */
export async function copyDatabase({
  sqlitePath,
  url,
  migrations,
  derivedTables = [],
  progress,
}: CopyOptions): Promise<TableCopy[]> {
  const holder = serverHolding(sqlitePath);
  if (holder) {
    throw new CopyRefused(
      `A server (process ${holder.pid}) is using ${sqlitePath}: leads it takes during the copy would be left behind. Stop it first (systemctl stop acme-site), then copy.`,
    );
  }
  let source: SQLite.Database;
  try {
    source = openSqlite(sqlitePath, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyRefused(`Cannot open the SQLite database ${sqlitePath}: ${(error as Error).message}`);
  }
  try {
    if (!sqliteHasTable(source, 'kysely_migration'))
      throw new CopyRefused(`${sqlitePath} is not a database of this site (it has no migrations).`);
    // One read transaction: every table as of one moment, even if a server were still writing.
    source.exec('begin');
    const storage = await openStorage({ url, path: sqlitePath, busyTimeoutMs: 5_000, migrations });
    try {
      const target = await postgresTargetTables(storage.db);
      const tables = sqliteStoredTables(source, derivedTables);
      for (const table of tables) {
        const into = target.get(table.name);
        const unknown = table.columns.filter((column) => !into?.columns.has(column));
        if (!into || unknown.length > 0) {
          throw new CopyRefused(
            `PostgreSQL has no ${into ? `column ${unknown.join(', ')} in ${table.name}` : `table ${table.name}`}: is ${sqlitePath} from another version of the site? Start this version's server on it once (it brings its schema up to date), stop it, then copy.`,
          );
        }
      }
      const byName = new Map(tables.map((table) => [table.name, table]));
      const order = await foreignKeyOrder(storage.db, [...byName.keys()]);
      const sequences = sqliteSequences(source);
      return await storage.db.transaction().execute(async (trx) => {
        // One copy at a time into one database; then the check for rows sees the other's.
        await storage.lock(trx, 'db:copy');
        await refuseUnlessEmpty(trx, [...target.keys()], url);
        const copied: TableCopy[] = [];
        for (const name of order) {
          const table = await copyTable(trx, source, {
            name,
            columns: byName.get(name)?.columns ?? [],
            identity: target.get(name)?.identity,
            sequence: sequences.get(name) ?? 0,
          });
          copied.push(table);
          progress?.(name, table.postgres);
        }
        return copied;
      });
    } finally {
      await storage.close();
    }
  } finally {
    if (source.inTransaction) source.exec('commit');
    source.close();
  }
}
