import { openSqlite } from '../db/sqlite-open.ts';
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { sqliteOnly } from '../test/database-kind.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { LEAD_REFERENCE } from './lead-reference.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { sqliteMigratedTo } from '../test/migrated-to.ts';
import { deliveryOf } from './lead-delivery.ts';
import { indexLeadsForSearch } from './quote-migrations.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

// Upgrades of SQLite files an older release left, and SQLite's search index (PostgreSQL's schema
// starts from its baselines: server/db/schema-parity.test.ts compares the two).

/** A database as the newsletter release left it: leads in each of the old statuses. */
async function databaseBeforeTheInbox(path: string) {
  await sqliteMigratedTo(path, '2026-11-21-001-newsletter-subscribers');
  const sqlite = openSqlite(path);
  const insert = sqlite.prepare(
    `INSERT INTO quote_requests (id, created_at, name, email, phone, message, source_page, status)
     VALUES (?, '2026-11-01T10:00:00.000Z', ?, ?, ?, ?, '/', ?)`,
  );
  insert.run(1, 'Priya Sharma', 'priya@company.in', '', 'A shop with online payments.', 'notified');
  insert.run(2, 'Ravi Kumar', 'ravi@traders.in', '', 'Buy cheap followers now', 'spam');
  insert.run(3, 'Anita Gill', 'anita@gill.in', '+91 98765 43210', 'A booking app for our clinic.', 'dead');
  insert.run(4, 'राहुल शर्मा', 'js@farm.in', '', 'Marketing for a dairy farm.', 'received');
  // Anita's notification was given up on: the inbox reads that from the outbox now. So was Ravi's, though
  // his is spam (an older release left a notification dead when someone marked its lead as spam).
  const deadNotification = sqlite.prepare(
    `INSERT INTO outbox (quote_request_id, kind, recipient, message_id, status, attempts, next_attempt_at,
       last_error, created_at, updated_at)
     VALUES (?, 'notification', 'sales@acme.test', ?, 'dead', 15, '2026-11-01T18:00:00.000Z',
       '550 5.1.1 Mailbox unavailable', '2026-11-01T10:00:00.000Z', '2026-11-01T18:00:00.000Z')`,
  );
  deadNotification.run(3, '<quote-3@acme.test>');
  deadNotification.run(2, '<quote-2@acme.test>');
  sqlite.close();
}

sqliteOnly('the inbox migration', () => {
  it('splits the old status: spam becomes a flag, every lead starts as new, and all are searchable', async () => {
    const config = testConfig({}, tempDir());
    await databaseBeforeTheInbox(config.database.path);
    const stores = await openStores(config);
    try {
      const rows = await tablesOf<LeadTables>(stores.storage.db)
        .selectFrom('quote_requests')
        .select(['id', 'status', 'spam', 'spam_at'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 1, status: 'new', spam: 0, spam_at: null },
        { id: 2, status: 'new', spam: 1, spam_at: '2026-11-01T10:00:00.000Z' },
        { id: 3, status: 'new', spam: 0, spam_at: null },
        { id: 4, status: 'new', spam: 0, spam_at: null },
      ]);
      expect(await stores.leads.counts()).toMatchObject({ all: 3, new: 3, spam: 1 });
      const search = async (text: string) =>
        (await stores.leads.page({ view: 'all', search: text })).items.map((item) => item.lead.name);
      expect(await search('clinic')).toEqual(['Anita Gill']);
      expect(await search('9876543210')).toEqual(['Anita Gill']);
      expect(await search('राहुल')).toEqual(['राहुल शर्मा']);
      expect(sqliteOf(stores.storage).pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await stores.close();
    }
  });

  it('keeps a lead that was dead as a new lead whose notification could not be delivered, with its error, and withdraws a spam lead’s', async () => {
    const config = testConfig({}, tempDir());
    await databaseBeforeTheInbox(config.database.path);
    const stores = await openStores(config);
    try {
      const detail = await stores.leads.detail(3);
      expect(detail?.lead).toMatchObject({ name: 'Anita Gill', status: 'new', spam: 0 });
      expect(deliveryOf(detail?.notification)).toEqual({
        state: 'dead',
        at: '2026-11-01T18:00:00.000Z',
        lastError: '550 5.1.1 Mailbox unavailable',
        outboxId: 1,
      });
      expect(await stores.leads.deadNotifications()).toBe(1);
      // The spam lead's dead notification is withdrawn: "Retry all dead" must not email it.
      expect(await stores.outbox.counts()).toEqual({ pending: 0, dead: 1 });
      expect(deliveryOf((await stores.leads.detail(2))?.notification)).toEqual({ state: 'none' });
    } finally {
      await stores.close();
    }
  });
});

sqliteOnly('the references migration', () => {
  it('gives every lead already there its own random reference, and new leads one too', async () => {
    const config = testConfig({}, tempDir());
    await databaseBeforeTheInbox(config.database.path);
    const stores = await openStores(config);
    try {
      await stores.leads.store({
        request: sampleQuote({ name: 'New Lead', email: 'new@lead.in', phone: '', message: 'Hello' }),
        sourcePage: '/',
        spam: false,
      });
      const rows = await tablesOf<LeadTables>(stores.storage.db)
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

sqliteOnly('a field added to the search index (docs/adding-a-quote-field.md)', () => {
  it('is found by the inbox’s search, by its words, with no other change', async () => {
    const stores = await openStores(testConfig({}, tempDir()));
    try {
      const db = stores.storage.db as unknown as Kysely<unknown>;
      // The migration docs/adding-a-quote-field.md gives for a new field (a name no real field will take).
      await db.schema
        .alterTable('quote_requests')
        .addColumn('added_field', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await indexLeadsForSearch(db, ['name', 'email', 'phone', 'message', 'phone_endings', 'added_field']);
      const { id } = await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
      await sql`update quote_requests set added_field = 'Zephyrwidget Technologies' where id = ${id}`.execute(
        db,
      );
      const search = async (text: string) =>
        (await stores.leads.page({ view: 'all', search: text })).items.map((item) => item.lead.id);
      expect(await search('zephyrwidget')).toEqual([id]);
      expect(await search('Zephyr techno')).toEqual([id]);
      expect(await search('nowhere')).toEqual([]);
    } finally {
      await stores.close();
    }
  });
});

sqliteOnly('the NFC migration', () => {
  it('puts the text of the leads already there in NFC, so the search finds them however it is typed', async () => {
    const config = testConfig({}, tempDir());
    await sqliteMigratedTo(config.database.path, '2026-11-25-004-lead-spam-marked-at');
    const sqlite = openSqlite(config.database.path);
    const insert = sqlite.prepare(
      `INSERT INTO quote_requests (created_at, reference, name, email, phone, message, source_page)
       VALUES ('2026-11-01T10:00:00.000Z', ?, ?, 'lead@farm.in', '', ?, '/')`,
    );
    insert.run('Q-AAAAAA', '\u095Bोया Khan', 'Jose\u0301 asked about \u0A5Bਮੀਨ');
    insert.run('Q-BBBBBB', '\u091C\u093Cोया Ali', 'Plain text');
    sqlite.close();

    const stores = await openStores(config);
    try {
      const rows = await tablesOf<LeadTables>(stores.storage.db)
        .selectFrom('quote_requests')
        .select(['name', 'message'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { name: '\u091C\u093Cोया Khan', message: 'José asked about \u0A1C\u0A3Cਮੀਨ' },
        { name: '\u091C\u093Cोया Ali', message: 'Plain text' },
      ]);
      const search = async (text: string) =>
        (await stores.leads.page({ view: 'all', search: text })).items
          .map((item) => item.lead.reference)
          .sort();
      expect(await search('\u095Bोया')).toEqual(['Q-AAAAAA', 'Q-BBBBBB']);
      expect(await search('\u0A1C\u0A3Cਮੀਨ')).toEqual(['Q-AAAAAA']);
      expect(await search('\u0A5Bਮੀਨ')).toEqual(['Q-AAAAAA']);
      expect(await search('josé')).toEqual(['Q-AAAAAA']);
      await sql`insert into quote_requests_search (quote_requests_search, rank) values ('integrity-check', 1)`.execute(
        stores.storage.db,
      );
    } finally {
      await stores.close();
    }
  });
});
