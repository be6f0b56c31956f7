import { join } from 'node:path';
import { openSqlite } from '../db/sqlite-open.ts';
import { expect, it } from 'vitest';
import { openStorage } from '../db/database.ts';
import { migrations } from '../stores.ts';
import { tempDir } from '../test/temp-dir.ts';
import { sqliteMigratedTo } from '../test/migrated-to.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { sqliteOnly } from '../test/database-kind.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const FIRST = '2025-06-01-001-quote-requests-and-outbox';

/** A database as the quote pipeline left it, before the newsletter: one lead and its sent email. */
async function databaseBeforeTheNewsletter(path: string) {
  await sqliteMigratedTo(path, FIRST);
  const sqlite = openSqlite(path);
  sqlite.exec(`
    INSERT INTO quote_requests (id, created_at, name, email, phone, message, source_page, status)
      VALUES (7, '2025-06-01T10:00:00.000Z', 'Priya', 'priya@company.in', '', 'A shop.', '/', 'notified');
    INSERT INTO outbox (id, quote_request_id, kind, recipient, message_id, status, attempts,
        next_attempt_at, created_at, updated_at, sent_at)
      VALUES (41, 7, 'notification', 'sales@acme.test', '<quote-7.0011223344556677@acme.test>', 'sent', 1,
        '2025-06-01T10:00:00.000Z', '2025-06-01T10:00:00.000Z', '2025-06-01T10:00:01.000Z', '2025-06-01T10:00:01.000Z');
  `);
  sqlite.close();
}

// The upgrade of a SQLite file an older release left: SQLite only.
sqliteOnly('the newsletter migration', () => {
  it('keeps every quote request and email of an existing database, ids included', async () => {
    const path = join(tempDir(), 'site.db');
    await databaseBeforeTheNewsletter(path);
    const storage = await openStorage({ path, busyTimeoutMs: 50, migrations });
    try {
      const rows = await tablesOf<OutboxTables>(storage.db).selectFrom('outbox').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({
          id: 41,
          owner_type: 'lead',
          owner_id: 7,
          recipient_type: null,
          message_id: '<quote-7.0011223344556677@acme.test>',
          status: 'sent',
          sent_at: '2025-06-01T10:00:01.000Z',
        }),
      ]);
      expect(
        await tablesOf<LeadTables>(storage.db).selectFrom('quote_requests').select('id').execute(),
      ).toEqual([{ id: 7 }]);
      // New ids continue after the old ones, so no Message-ID or .eml name can repeat.
      const { id } = await tablesOf<OutboxTables>(storage.db)
        .insertInto('outbox')
        .values({ ...rows[0]!, id: undefined, message_id: '<new@acme.test>' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(41);
      expect(sqliteOf(storage).pragma('foreign_key_check')).toEqual([]);
      expect(sqliteOf(storage).pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await storage.close();
    }
  });
});
