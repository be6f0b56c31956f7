import { type Kysely, type RawBuilder, sql } from 'kysely';
import { sqliteTableByIndex } from './table-by-index.ts';

/** Where the values of a percentile are: a column of the rows of a table that meet a condition. */
interface PercentileSource {
  table: string;
  /** The column; rows where it is null are not counted. */
  column: string;
  /** The rows (SQL on the table's columns). */
  where: RawBuilder<boolean>;
  /** The index to read them by where the database must be told (see Storage.tableByIndex). */
  index?: string | undefined;
}

/** Storage's percentiles, read by the database so that the values are never all sent here to be sorted. */
export interface PercentileCapabilities {
  /**
   * The nearest-rank percentiles of the source's values, one per p (0 < p ≤ 1): the k-th smallest,
   * k = ceil(p × n), always a value that is there; null when there is none. `count` is how many values
   * there are (n), known from elsewhere (a count kept ahead): SQLite asks for it and reads the k-th along
   * the index; PostgreSQL never needs it (percentile_disc sorts them once, the same rank), so it starts at
   * once and runs beside whatever counts them.
   */
  percentiles(
    source: PercentileSource,
    ps: readonly number[],
    count: () => Promise<number>,
  ): Promise<(number | null)[]>;
}

const asNumber = (value: number | string | null | undefined) => (value == null ? null : Number(value));

/** The rank of p among n values (1-based), as an offset from the smallest. */
const offsetOf = (p: number, n: number) => Math.max(0, Math.ceil(p * n) - 1);

function checkedColumn(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad column name: ${name}`);
  return name;
}

/** SQLite: one ORDER BY … LIMIT 1 OFFSET k − 1 per percentile, along the source's index. */
export function sqlitePercentiles<DB>(db: Kysely<DB>): PercentileCapabilities {
  return {
    async percentiles(source, ps, count) {
      const n = await count();
      if (n === 0) return ps.map(() => null);
      const from = sqliteTableByIndex(source.table, source.index);
      const column = sql.ref(checkedColumn(source.column));
      return Promise.all(
        ps.map(async (p) => {
          const { rows } = await sql<{ value: number | string | null }>`select ${column} as value
            from ${from}
            where ${source.where} and ${column} is not null
            order by ${column} limit 1 offset ${offsetOf(p, n)}`.execute(db);
          return asNumber(rows[0]?.value);
        }),
      );
    },
  };
}

/** PostgreSQL: percentile_disc, every percentile from one sort of the values. */
export function postgresPercentiles<DB>(db: Kysely<DB>): PercentileCapabilities {
  return {
    async percentiles(source, ps) {
      const fractions = sql.raw(`array[${ps.map(Number).join(', ')}]::float8[]`);
      const column = sql.ref(checkedColumn(source.column));
      const { rows } = await sql<{ ps: (number | string | null)[] | null }>`select
          percentile_disc(${fractions}) within group (order by ${column}) as ps
        from ${sql.table(checkedColumn(source.table))}
        where ${source.where} and ${column} is not null`.execute(db);
      return ps.map((_, i) => asNumber(rows[0]?.ps?.[i]));
    },
  };
}
