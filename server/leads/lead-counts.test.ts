import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { validateQuoteRequest } from '../../common/quote-request.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Storage } from '../db/database.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { HOUR_MS, manualClock } from '../test/manual-clock.ts';
import { migratedTo } from '../test/migrated-to.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { createLeadFigures } from '../dashboard/lead-figures.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const valid = validateQuoteRequest(sampleQuote());
if (!valid.ok) throw new Error('sample');
const request = valid.value;

type Row = [span: string, bucket: string, status: string, page: string, leads: number, contacted: number];

/** lead_counts as the dashboard adds it up (a bucket's shards summed, buckets at 0 left out), in a fixed order. */
async function counted(storage: Pick<Storage, 'db'>): Promise<Row[]> {
  const rows = await tablesOf<LeadTables>(storage.db).selectFrom('lead_counts').selectAll().execute();
  const buckets = new Map<string, Row>();
  for (const row of rows) {
    const key = [row.span, row.bucket, row.status, row.source_page].join('|');
    const bucket = buckets.get(key) ?? [row.span, row.bucket, row.status, row.source_page, 0, 0];
    bucket[4] += Number(row.leads);
    bucket[5] += Number(row.contacted);
    buckets.set(key, bucket);
  }
  return [...buckets.values()]
    .filter((row) => row[4] !== 0 || row[5] !== 0)
    .sort((a, b) => a.join('|').localeCompare(b.join('|')));
}

/** The same, counted again from the leads themselves. */
async function recounted(storage: Pick<Storage, 'db'>): Promise<Row[]> {
  const leads = await tablesOf<LeadTables>(storage.db)
    .selectFrom('quote_requests')
    .select(['created_at', 'status', 'source_page', 'spam', 'first_contact_ms'])
    .execute();
  const rows = new Map<string, Row>();
  for (const lead of leads.filter((row) => Number(row.spam) === 0)) {
    for (const [span, length] of [
      ['day', 10],
      ['month', 7],
    ] as const) {
      const row: Row = [span, lead.created_at.slice(0, length), lead.status, lead.source_page, 0, 0];
      const key = row.slice(0, 4).join('|');
      const existing = rows.get(key) ?? row;
      existing[4] += 1;
      existing[5] += lead.first_contact_ms === null ? 0 : 1;
      rows.set(key, existing);
    }
  }
  return [...rows.values()].sort((a, b) => a.join('|').localeCompare(b.join('|')));
}

describe(`the leads counted ahead for the dashboard, on ${testDatabase}`, () => {
  it('follow every change to a lead: arrival, status, first contact, spam, deletion, a moved date', async () => {
    const clock = manualClock('2026-10-31T23:30:00.000Z');
    const stores = await openStores(testConfig(), { now: clock.now });
    opened.push(stores);
    const store = (sourcePage: string, spam = false) =>
      stores.leads.store({
        request: { ...request, email: `${sourcePage.length}@farm.test` },
        sourcePage,
        spam,
      });
    const a = await store('/');
    const b = await store('/services');
    const spam = await store('/contact', true);
    clock.advance(HOUR_MS); // 1 November: another day, another month
    const c = await store('/services');
    const d = await store('/');
    await stores.leads.setStatus(a.id, 'contacted', 'asha@acme.test'); // a first contact
    await stores.leads.addNote(b.id, 'Called back.', 'asha@acme.test'); // a first contact, same status
    await stores.leads.setStatus(c.id, 'won', null); // the system: no contact
    await stores.leads.setSpam(d.id, true, 'asha@acme.test');
    await stores.leads.setSpam(spam.id, false, 'asha@acme.test'); // out of spam: counted now
    await stores.leads.remove(b.id);
    await stores.storage.write.run((trx) =>
      tablesOf<LeadTables>(trx)
        .updateTable('quote_requests')
        .set({ created_at: '2026-09-15T10:00:00.000Z' })
        .where('id', '=', c.id)
        .execute(),
    );
    expect(await counted(stores.storage)).toEqual([
      ['day', '2026-09-15', 'won', '/services', 1, 0],
      ['day', '2026-10-31', 'contacted', '/', 1, 1],
      ['day', '2026-10-31', 'new', '/contact', 1, 0],
      ['month', '2026-09', 'won', '/services', 1, 0],
      ['month', '2026-10', 'contacted', '/', 1, 1],
      ['month', '2026-10', 'new', '/contact', 1, 0],
    ]);
    expect(await counted(stores.storage)).toEqual(await recounted(stores.storage));
  });

  it('count every one of many leads sent at the same moment from one page', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        stores.leads.store({
          request: { ...request, email: `l${i}@farm.test` },
          sourcePage: '/',
          spam: false,
        }),
      ),
    );
    const figures = createLeadFigures(stores.storage);
    const now = Date.now();
    const day = { start: new Date(now - 24 * HOUR_MS), end: new Date(now + 24 * HOUR_MS) };
    expect((await figures.funnel(day)).counts.new).toBe(24);
    expect(await counted(stores.storage)).toEqual(await recounted(stores.storage));
  });
});

/** Whether a connection to this database waits for a lock another transaction holds, asked until `done`. */
async function someoneWaitsForALock(storage: Pick<Storage, 'db'>, done: () => boolean): Promise<boolean> {
  while (!done()) {
    const { rows } = await sql<{ waiting: number }>`select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(storage.db);
    if (Number(rows[0]?.waiting) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe.runIf(testDatabase === 'postgres')('the leads counted ahead, on PostgreSQL', () => {
  it('do not make a lead wait while another transaction holds its day and page', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    await storage.db.connection().execute(async (holder) => {
      // Another transaction (another instance's, say) has counted a lead of today from "/" and not committed yet.
      await sql`begin`.execute(holder);
      await sql`insert into quote_requests (created_at, reference, name, email, phone, message, source_page)
        values (${new Date().toISOString()}, 'Q-HOLDER', 'Lead', 'lead@farm.in', '', 'Hello', '/')`.execute(
        holder,
      );
      await sql`set constraints all immediate`.execute(holder);
      let settled = false;
      const stored = stores.leads
        .store({ request: { ...request, email: 'second@farm.test' }, sourcePage: '/', spam: false })
        .finally(() => (settled = true));
      try {
        // Before: its count waited for the holder's row, so its "success" waited for the other's commit.
        expect(await someoneWaitsForALock(storage, () => settled)).toBe(false);
        await stored;
      } finally {
        await sql`commit`.execute(holder);
        await stored.catch(() => undefined);
      }
    });
    const figures = createLeadFigures(storage);
    const now = Date.now();
    const day = { start: new Date(now - 24 * HOUR_MS), end: new Date(now + 24 * HOUR_MS) };
    expect((await figures.funnel(day)).counts.new).toBe(2);
    expect(await counted(storage)).toEqual(await recounted(storage));
  });
});

describe(`the leads counted ahead, in a transaction that touches many days, on ${testDatabase}`, () => {
  it('count every lead of a copy or a purge of 200 days in one transaction', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    const days = Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 24 * HOUR_MS));
    // PostgreSQL claims a shard per bucket for about 100 buckets, then counts the rest in shard 0.
    await storage.write.run(async (trx) => {
      for (const [i, day] of days.entries()) {
        await sql`insert into quote_requests (created_at, reference, name, email, phone, message, source_page)
          values (${day.toISOString()}, ${`Q-${String(i).padStart(6, '0')}`}, 'Lead', 'lead@farm.in', '', 'Hi', '/')`.execute(
          trx,
        );
      }
    });
    await storage.write.run((trx) =>
      tablesOf<LeadTables>(trx)
        .updateTable('quote_requests')
        .set({ status: 'contacted' })
        .where('created_at', '<', '2026-04-01')
        .execute(),
    );
    expect(await counted(storage)).toEqual(await recounted(storage));
    expect((await counted(storage)).filter(([span]) => span === 'day')).toHaveLength(200);
  });
});

describe(`the lead counts migration, on ${testDatabase}`, () => {
  it('counts the leads that were there before it', async () => {
    const config = testConfig({}, tempDir());
    await migratedTo(config.database, '2026-11-28-621-visit-figure-indexes', async (db) => {
      const lead = (
        createdAt: string,
        reference: string,
        status: string,
        spam: number,
        contact: number | null,
      ) =>
        sql`(${createdAt}, ${reference}, 'Lead', 'lead@farm.in', '', 'Hello', '/', ${status}, ${spam}, ${contact})`;
      await sql`insert into quote_requests (created_at, reference, name, email, phone, message, source_page, status,
          spam, first_contact_ms)
        values ${sql.join([
          lead('2026-11-01T10:00:00.000Z', 'Q-AAAAAA', 'new', 0, null),
          lead('2026-11-01T11:00:00.000Z', 'Q-BBBBBB', 'quoted', 0, HOUR_MS),
          lead('2026-11-02T11:00:00.000Z', 'Q-CCCCCC', 'quoted', 0, 2 * HOUR_MS),
          lead('2026-11-02T12:00:00.000Z', 'Q-DDDDDD', 'new', 1, null),
        ])}`.execute(db);
    });

    const stores = await openStores(config);
    opened.push(stores);
    expect(await counted(stores.storage)).toEqual([
      ['day', '2026-11-01', 'new', '/', 1, 0],
      ['day', '2026-11-01', 'quoted', '/', 1, 1],
      ['day', '2026-11-02', 'quoted', '/', 1, 1],
      ['month', '2026-11', 'new', '/', 1, 0],
      ['month', '2026-11', 'quoted', '/', 2, 2],
    ]);
  });
});
