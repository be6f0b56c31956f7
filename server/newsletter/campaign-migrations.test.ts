import { join } from 'node:path';
import { openSqlite } from '../db/sqlite-open.ts';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { expect, it } from 'vitest';
import { openStorage } from '../db/database.ts';
import { migrations } from '../stores.ts';
import { sqliteOnly } from '../test/database-kind.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { tempDir } from '../test/temp-dir.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

const CAMPAIGNS = '2026-11-25-301-newsletter-campaigns';
const at = '2026-03-02T09:00:00.000Z';

/** The SQLite migrations before the campaigns. */
const before = Object.fromEntries(Object.entries(migrations.sqlite).filter(([name]) => name < CAMPAIGNS));

// The upgrade of a SQLite file an older release left, whose outbox is rebuilt: SQLite only.
sqliteOnly('the campaigns migration on SQLite', () => {
  it('keeps every email of the outbox, ids and indexes included', async () => {
    const path = join(tempDir(), 'site.db');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: openSqlite(path) }) });
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    await db.destroy();
    const sqlite = openSqlite(path);
    sqlite.exec(`
      INSERT INTO quote_requests (id, created_at, name, email, phone, message, source_page, status, spam)
        VALUES (7, '${at}', 'Priya', 'priya@company.in', '', 'A shop.', '/', 'new', 0);
      INSERT INTO outbox (id, quote_request_id, kind, recipient, message_id, status, attempts,
          next_attempt_at, created_at, updated_at, sent_at, delivered_via)
        VALUES (41, 7, 'notification', 'sales@acme.test', '<quote-7.00@acme.test>', 'sent', 1,
          '${at}', '${at}', '${at}', '${at}', 'smtp');
    `);
    const indexes = () =>
      (
        sqlite
          .prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'outbox'`)
          .all() as {
          name: string;
        }[]
      ).map((row) => row.name);
    const indexesBefore = indexes();
    sqlite.close();

    const storage = await openStorage({ path, busyTimeoutMs: 50, migrations });
    try {
      expect(await tablesOf<OutboxTables>(storage.db).selectFrom('outbox').selectAll().execute()).toEqual([
        expect.objectContaining({ id: 41, owner_type: 'lead', owner_id: 7, delivered_via: 'smtp' }),
      ]);
      const names = (
        sqliteOf(storage).prepare(`select name from sqlite_master where tbl_name = 'outbox'`).all() as {
          name: string;
        }[]
      ).map((row) => row.name);
      // Indexes of the feature columns went with them (2026-11-28-701-outbox-owners).
      // And outbox_due with 2026-11-30-120, outbox_lane_due serving what it did.
      const gone = ['outbox_quote_request', 'outbox_subscriber', 'outbox_due'];
      expect(names).toEqual(
        expect.arrayContaining([...indexesBefore.filter((name) => !gone.includes(name)), 'outbox_owner']),
      );
      expect(sqliteOf(storage).pragma('foreign_key_check')).toEqual([]);
      expect(sqliteOf(storage).pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await storage.close();
    }
  });
});
