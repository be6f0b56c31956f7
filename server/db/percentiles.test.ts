import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { openStorage, type Storage } from './database.ts';

/** Times of two groups: 'a' holds 1 to 37 in a shuffled order and a null, 'b' only nulls. */
const TIMES: [group: string, ms: number | null][] = [
  ...Array.from({ length: 37 }, (_, i): [string, number] => ['a', ((i * 17) % 37) + 1]),
  ['a', null],
  ['b', null],
];

const migrations = {
  sqlite: {},
  postgres: {},
};
for (const kind of [migrations.sqlite, migrations.postgres] as Record<string, unknown>[]) {
  kind['001-times'] = {
    async up(db: Kysely<unknown>) {
      await sql`create table times (id integer primary key, grp text not null, ms integer)`.execute(db);
      await sql`create index times_by_ms on times (grp, ms)`.execute(db);
      for (const [i, [group, ms]] of TIMES.entries())
        await sql`insert into times values (${i + 1}, ${group}, ${ms})`.execute(db);
    },
  };
}

/** The nearest rank: the k-th smallest of 1…n, k = ceil(p × n). */
const nearestRank = (p: number, n: number) => Math.max(1, Math.ceil(p * n));

describe(`percentiles (Storage), on ${testDatabase}`, () => {
  let storage: Storage;
  beforeAll(async () => {
    const { database } = testConfig();
    storage = await openStorage({ ...database, migrations });
  });
  afterAll(() => storage.close());

  const of = (group: string, ps: number[], count: number, index?: string) =>
    storage.percentiles(
      { table: 'times', column: 'ms', where: sql<boolean>`grp = ${group}`, index },
      ps,
      async () => count,
    );

  it('are the nearest ranks of the values that are there, nulls left out', async () => {
    const ps = [0.01, 0.25, 0.5, 0.9, 0.99, 1];
    expect(await of('a', ps, 37)).toEqual(ps.map((p) => nearestRank(p, 37)));
    expect(await of('a', [0.5, 0.9], 37, 'times_by_ms')).toEqual([19, 34]);
  });

  it('are none when there is no value', async () => {
    expect(await of('b', [0.5, 0.9], 0)).toEqual([null, null]);
    expect(await of('c', [0.5], 0)).toEqual([null]);
  });
});
