import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStores, migrations } from '../stores.ts';
import { LEAD_REFERENCE } from './lead-reference.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';

/** A database as the newsletter release left it: leads in each of the old statuses. */
async function databaseBeforeTheInbox(path: string) {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(path) }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo('2026-11-21-001-newsletter-subscribers');
  expect(error).toBeUndefined();
  await db.destroy();
  const sqlite = new Database(path);
  const insert = sqlite.prepare(
    `INSERT INTO quote_requests (id, created_at, name, email, phone, message, source_page, status)
     VALUES (?, '2026-11-01T10:00:00.000Z', ?, ?, '', ?, '/', ?)`,
  );
  insert.run(1, 'Priya Sharma', 'priya@company.in', 'A shop with online payments.', 'notified');
  insert.run(2, 'Ravi Kumar', 'ravi@traders.in', 'Buy cheap followers now', 'spam');
  insert.run(3, 'Anita Gill', 'anita@gill.in', 'A booking app for our clinic.', 'dead');
  insert.run(4, 'Jaspreet Singh', 'js@farm.in', 'Marketing for a dairy farm.', 'received');
  sqlite.close();
}

describe('the inbox migration', () => {
  it('splits the old status: spam becomes a flag, every lead starts as new, and all are searchable', async () => {
    const config = testConfig({}, tempDir());
    await databaseBeforeTheInbox(config.database.path);
    const stores = await openStores(config);
    try {
      const rows = await stores.storage.db
        .selectFrom('quote_requests')
        .select(['id', 'status', 'spam'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 1, status: 'new', spam: 0 },
        { id: 2, status: 'new', spam: 1 },
        { id: 3, status: 'new', spam: 0 },
        { id: 4, status: 'new', spam: 0 },
      ]);
      expect(await stores.leads.counts()).toMatchObject({ all: 3, new: 3, spam: 1 });
      const found = await stores.leads.page({ view: 'all', search: 'clinic' });
      expect(found.items.map((item) => item.lead.name)).toEqual(['Anita Gill']);
      expect(stores.storage.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await stores.close();
    }
  });
});

describe('the references migration', () => {
  it('gives every lead already there its own random reference, and new leads one too', async () => {
    const config = testConfig({}, tempDir());
    await databaseBeforeTheInbox(config.database.path);
    const stores = await openStores(config);
    try {
      await stores.leads.store({
        request: { name: 'New Lead', email: 'new@lead.in', phone: '', message: 'Hello' },
        sourcePage: '/',
        spam: false,
      });
      const rows = await stores.storage.db
        .selectFrom('quote_requests')
        .select(['id', 'reference'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
      for (const { reference } of rows) expect(reference).toMatch(LEAD_REFERENCE);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(5);
      // The inbox finds a lead by the reference its email gave, however it is typed.
      const found = await stores.leads.page({ view: 'all', search: ` ${rows[2]!.reference.toLowerCase()} ` });
      expect(found.items.map((item) => item.lead.id)).toEqual([3]);
    } finally {
      await stores.close();
    }
  });
});
