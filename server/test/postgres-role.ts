/** A PostgreSQL role as a newcomer makes one by hand, to test what the app says to it. */
import pg from 'pg';
import { onTestFinished } from 'vitest';

/** A role that may log in, on the database of `url` (owned by the superuser): no CREATE in public. */
export async function roleWithoutCreate(url: string): Promise<string> {
  const role = `site_${process.pid}_${Date.now() % 100_000}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE "${role}" LOGIN`);
  } finally {
    await admin.end();
  }
  onTestFinished(async () => {
    // On the cluster's own database: the test's may be dropped already.
    const postgres = new URL(url);
    postgres.pathname = '/postgres';
    const cleanup = new pg.Client({ connectionString: postgres.href });
    await cleanup.connect();
    try {
      await cleanup.query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = '${role}'`);
      await cleanup.query(`DROP ROLE IF EXISTS "${role}"`);
    } finally {
      await cleanup.end();
    }
  });
  const as = new URL(url);
  as.username = role;
  return as.href;
}
