/**
 * Which database this test run is on: the `node` project runs the server
 * tests on SQLite, the `postgres` project runs them again on PostgreSQL
 * (TEST_DATABASE=postgres, one shared cluster: postgres-global-setup.ts).
 */
import { describe, inject } from 'vitest';

export const testDatabase: 'sqlite' | 'postgres' =
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * `describe` for what only SQLite has (the file, group commit, busy timeouts): skipped on PostgreSQL.
 * @public
 */
export const sqliteOnly = describe.skipIf(testDatabase === 'postgres');

/** The shared test cluster's `postgres` database URL (only in the postgres project). */
export function testPostgresUrl(): string {
  const url = inject('postgresUrl');
  if (!url)
    throw new Error('No PostgreSQL cluster: run this under the postgres project (TEST_DATABASE=postgres)');
  return url;
}
