import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrations } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { openStorage, type Storage } from './database.ts';
import { tablesOf } from './tables-of.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

describe.skipIf(testDatabase !== 'postgres')('PostgreSQL connections', () => {
  it('a connection lost while the server holds it between two queries ends no process, and writes go on', async () => {
    const { database } = testConfig();
    const storage = await openStorage({ ...database, migrations });
    opened.push(storage);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // The maintenance lock's connection stays checked out, idle, while its task runs.
      await storage.exclusively('maintenance', async () => {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()`,
        );
        // The connection learns it is gone: without a listener, an 'error' event would end the process.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
    } finally {
      await admin.end();
    }
    await vi.waitFor(async () => expect(await storage.canWrite()).toBe(true), { timeout: 5_000 });
    await storage.write.run((trx) =>
      tablesOf<AccountTables>(trx)
        .insertInto('admin_activity')
        .values({
          at: new Date().toISOString(),
          actor: null,
          action: 'export',
          summary: 'after the lost connection',
          lead_id: null,
        })
        .execute(),
    );
  });
});
