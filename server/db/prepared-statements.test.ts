import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { openStorage, type Storage } from './database.ts';
import { worthPreparing } from './prepared-statements.ts';
import { tablesOf } from './tables-of.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';

describe('which statements are prepared', () => {
  it('repeated writes are; reads, lists of values and `*` are not', () => {
    expect(worthPreparing('insert into "quote_requests" ("name") values ($1) returning "id"')).toBe(true);
    expect(worthPreparing('update "outbox" set "status" = $1 where "id" = $2')).toBe(true);
    expect(
      worthPreparing(
        'with "new_record" as (insert into "a" values ($1) returning "id") insert into "b" select 1',
      ),
    ).toBe(true);
    expect(worthPreparing('select "id" from "quote_requests" where "email" = $1')).toBe(false);
    expect(worthPreparing('with "x" as (select 1) select * from "x"')).toBe(false);
    expect(worthPreparing('update "outbox" set "claimed_until" = $1 where "id" in ($2, $3)')).toBe(false);
    expect(worthPreparing('insert into "campaigns" ("subject") values ($1) returning *')).toBe(false);
    expect(worthPreparing('update "outbox" set "status" = $1 returning "outbox".*')).toBe(false);
  });
});

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

/** Writes one activity row twice on one connection, and lists what that connection holds prepared. */
async function preparedAfterTwoWrites(storage: Storage) {
  return storage.db.connection().execute(async (connection) => {
    for (const summary of ['first', 'second']) {
      await tablesOf<AccountTables>(connection)
        .insertInto('admin_activity')
        .values({ at: new Date().toISOString(), actor: null, action: 'export', summary, lead_id: null })
        .execute();
    }
    await tablesOf<AccountTables>(connection)
      .selectFrom('admin_activity')
      .select('id')
      .where('action', '=', 'export')
      .execute();
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      connection,
    );
    return rows.map((row) => row.statement);
  });
}

describe.skipIf(testDatabase !== 'postgres')('prepared statements on PostgreSQL', () => {
  it('a write sent again is parsed once per connection; a read is not kept', async () => {
    const { database } = testConfig();
    const storage = await openStorage({ ...database, migrations });
    opened.push(storage);
    const prepared = await preparedAfterTwoWrites(storage);
    expect(prepared).toEqual([expect.stringMatching(/^insert into "admin_activity"/)]);
  });

  it('DATABASE_PREPARED_STATEMENTS=false prepares nothing (a pooler that cannot keep them)', async () => {
    const { database } = testConfig();
    const storage = await openStorage({ ...database, migrations, preparedStatements: false });
    opened.push(storage);
    expect(await preparedAfterTwoWrites(storage)).toEqual([]);
  });
});
