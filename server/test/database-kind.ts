/**
 * Which database this test run is on: the `node` project runs the server
 * tests on SQLite, the `postgres` project runs them again on PostgreSQL
 * (TEST_DATABASE=postgres, one shared cluster: postgres-global-setup.ts).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, inject, onTestFinished } from 'vitest';
import { findPostgresBin } from './postgres-cluster.ts';

export const testDatabase: 'sqlite' | 'postgres' =
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * `describe` for what only SQLite has (the file, group commit, busy timeouts): skipped on PostgreSQL.
 * @public
 */
export const sqliteOnly = describe.skipIf(testDatabase === 'postgres');

/**
 * `describe` for what no database changes, in a file that otherwise runs on both: answers refused before
 * anything is stored, limits, headers, a process's signals and logs. It runs once, on SQLite, like a
 * file listed in SQLITE_ONLY_BY_CHOICE (server/test/storage-tests.ts; decision 072).
 * @public
 */
export const sameOnEveryDatabase = describe.skipIf(testDatabase === 'postgres');

/** The shared test cluster's `postgres` database URL (only in the postgres project). */
function testPostgresUrl(): string {
  const url = inject('postgresUrl');
  if (!url)
    throw new Error('No PostgreSQL cluster: run this under the postgres project (TEST_DATABASE=postgres)');
  return url;
}

/** Runs SQL on the shared cluster with psql: synchronous, so that testConfig() stays synchronous. */
function psql(statement: string) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL programs (psql) for the postgres project');
  const result = spawnSync(
    join(bin, 'psql'),
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', testPostgresUrl(), '-c', statement],
    {
      encoding: 'utf8',
      env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
      timeout: 30_000,
    },
  );
  if (result.status !== 0)
    throw new Error(`psql -c "${statement}" failed: ${result.error?.message ?? result.stderr}`);
}

let created = 0;
const byDir = new Map<string, string>();
/** Databases made outside a test (beforeAll, describe): dropped when the file's tests end. */
const forTheFile = new Set<() => void>();

afterAll(() => {
  for (const drop of forTheFile) drop();
  forTheFile.clear();
});

/**
 * A fresh UTF-8 database on the shared cluster for a test's directory: the same directory gets the same
 * database (a test that restarts the server on its data), as it gets the same SQLite file. Empty, or
 * with `migrated` a copy of a database every migration has run on and nothing else wrote (the global
 * setup's): a test app's, whose server would run them all at its start anyway. Dropped when the test
 * ends (made outside a test, when the file's tests end).
 */
export function postgresDatabaseFor(dir: string, { migrated = false }: { migrated?: boolean } = {}): string {
  const known = byDir.get(dir);
  if (known) return known;
  const name = `test_${process.pid}_${++created}`;
  const template = migrated ? inject('postgresMigratedTemplate') : 'template0';
  psql(`CREATE DATABASE "${name}" TEMPLATE "${template}" ENCODING 'UTF8'`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  byDir.set(dir, url.href);
  // WITH (FORCE): a pool a test left open does not keep its database.
  const drop = () => {
    byDir.delete(dir);
    psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    onTestFinished(drop);
  } catch {
    forTheFile.add(drop);
  }
  return url.href;
}
