import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../db/database.ts';
import { migrations } from '../stores.ts';
import { sqliteOnly } from '../test/database-kind.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';

const CAMPAIGNS = '2026-11-25-301-newsletter-campaigns';
const at = '2026-03-02T09:00:00.000Z';

/** The SQLite migrations before the campaigns. */
const before = Object.fromEntries(Object.entries(migrations.sqlite).filter(([name]) => name < CAMPAIGNS));

// The upgrade of a SQLite file an older release left, whose outbox is rebuilt: SQLite only.
sqliteOnly('the campaigns migration on SQLite', () => {
  it('keeps every email of the outbox, ids and indexes included', async () => {
    const path = join(tempDir(), 'site.db');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(path) }) });
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => before },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    await db.destroy();
    const sqlite = new Database(path);
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
      expect(await storage.db.selectFrom('outbox').selectAll().execute()).toEqual([
        expect.objectContaining({ id: 41, quote_request_id: 7, campaign_id: null, delivered_via: 'smtp' }),
      ]);
      const names = (
        sqliteOf(storage).prepare(`select name from sqlite_master where tbl_name = 'outbox'`).all() as {
          name: string;
        }[]
      ).map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining([...indexesBefore, 'outbox_campaign']));
      expect(sqliteOf(storage).pragma('foreign_key_check')).toEqual([]);
      expect(sqliteOf(storage).pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await storage.close();
    }
  });
});

async function withCampaign(storage: Storage) {
  return storage.db
    .insertInto('campaigns')
    .values({
      subject: 'News',
      preheader: '',
      body_markdown: 'Hi',
      status: 'draft',
      publish_in_archive: 1,
      created_by: 'priya@acme.test',
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('the campaigns schema', () => {
  it('lets an email belong to a campaign, never to nothing, and deletes it with its campaign', async () => {
    const storage = await openStorage({ ...testConfig().database, migrations });
    try {
      const { id } = await withCampaign(storage);
      const email = (owner: { campaign_id?: number }, messageId: string) =>
        storage.db
          .insertInto('outbox')
          .values({
            ...owner,
            kind: 'campaign-test',
            recipient: 'priya@acme.test',
            message_id: messageId,
            status: 'pending',
            attempts: 0,
            next_attempt_at: at,
            created_at: at,
            updated_at: at,
          })
          .execute();
      await email({ campaign_id: id }, '<a@acme.test>');
      await expect(email({}, '<b@acme.test>')).rejects.toThrow(/check constraint/i);
      await storage.db.deleteFrom('campaigns').execute();
      expect(await storage.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});
