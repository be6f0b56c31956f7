import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '../common/quote-sample.ts';
import { startMaintenance, type Maintenance } from './maintenance.ts';
import { openStores } from './stores.ts';
import { testDatabase } from './test/database-kind.ts';
import { fetchHeaders, multipart, validQuote } from './test/form-request.ts';
import { keptMail } from './test/kept-mail.ts';
import { manualClock } from './test/manual-clock.ts';
import { api, staffMember } from './test/admin-client.ts';
import { testApp, testConfig } from './test/test-app.ts';
import { backupKindOf } from './db/backup-target.ts';
import { listBackups } from './ops/backups.ts';
import { tablesOf } from './db/tables-of.ts';
import type { LeadTables } from './leads/quote-tables.ts';
import type { OutboxTables } from './outbox/outbox-table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A promise and what resolves it (Promise.withResolvers, which Node 20 lacks). */
function opened() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve: () => resolve() };
}
type Stores = Awaited<ReturnType<typeof openStores>>;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe('the server by itself', () => {
  it('deletes spam older than SPAM_RETENTION_DAYS, and nothing else', async () => {
    const clock = manualClock('2026-10-01T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now, env: { SPAM_RETENTION_DAYS: '30' } });
    const send = async (fields: Record<string, string>) => {
      const body = await multipart({ ...validQuote, ...fields });
      await app.inject({
        method: 'POST',
        url: '/api/quote',
        ...body,
        headers: { ...fetchHeaders, ...body.headers },
      });
    };
    await send({ name: 'Old bot', website: 'spam' });
    await send({ name: 'Old lead' });
    clock.advance(20 * DAY_MS);
    await send({ name: 'Young bot', website: 'spam' });
    clock.advance(11 * DAY_MS); // the first two are 31 days old now

    const stores = await (await import('./stores.ts')).openStores(config, { now: clock.now });
    const maintenance = startMaintenance({
      config,
      leads: stores.leads,
      storage: stores.storage,
      log: quiet,
      now: clock.now,
    });
    try {
      expect(await maintenance.purgeSpamNow()).toBe(1);
    } finally {
      maintenance.stop();
      await stores.close();
    }
    const names = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('name')
      .orderBy('id')
      .execute();
    expect(names.map((row) => row.name)).toEqual(['Old lead', 'Young bot']);
  });

  it('counts SPAM_RETENTION_DAYS from when a lead was marked as spam, then deletes it with its emails and .eml files', async () => {
    const clock = manualClock('2026-08-01T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now, env: { SPAM_RETENTION_DAYS: '30' } });
    for (const name of ['Mistaken lead', 'Kept lead']) {
      const body = await multipart({ ...validQuote, name });
      await app.inject({
        method: 'POST',
        url: '/api/quote',
        ...body,
        headers: { ...fetchHeaders, ...body.headers },
      });
    }
    await app.outboxWorker.runOnce(); // no SMTP_URL: the notifications are kept (.eml files, or the database)
    expect(await keptMail(config)).toHaveLength(2);

    clock.advance(60 * DAY_MS);
    const staff = await staffMember(app, config);
    const marked = await api(app, config, 'POST', '/leads/1/spam', {
      cookie: staff.cookie,
      body: { spam: true },
    });
    expect(marked.statusCode).toBe(200);

    const stores = await (await import('./stores.ts')).openStores(config, { now: clock.now });
    const maintenance = startMaintenance({
      config,
      leads: stores.leads,
      storage: stores.storage,
      log: quiet,
      now: clock.now,
    });
    const leads = async () =>
      (
        await tablesOf<LeadTables>(app.storage.db)
          .selectFrom('quote_requests')
          .select('name')
          .orderBy('id')
          .execute()
      ).map((row) => row.name);
    try {
      clock.advance(DAY_MS);
      expect(await maintenance.purgeSpamNow()).toBe(0);
      expect(await leads()).toEqual(['Mistaken lead', 'Kept lead']);
      clock.advance(28 * DAY_MS); // 29 days after it was marked
      expect(await maintenance.purgeSpamNow()).toBe(0);

      clock.advance(2 * DAY_MS);
      expect(await maintenance.purgeSpamNow()).toBe(1);
    } finally {
      maintenance.stop();
      await stores.close();
    }
    expect(await leads()).toEqual(['Kept lead']);
    const emails = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select(['owner_type', 'owner_id'])
      .execute();
    expect(emails).toEqual([{ owner_type: 'lead', owner_id: 2 }]);
    expect(await keptMail(config)).toHaveLength(1);
  });

  it('takes a backup every BACKUP_INTERVAL_HOURS and keeps BACKUP_KEEP of them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
      const { config } = await testApp({
        env: { BACKUP_INTERVAL_HOURS: '1', BACKUP_KEEP: '2', SPAM_RETENTION_DAYS: '0' },
      });
      const stores = await (await import('./stores.ts')).openStores(config);
      const maintenance = startMaintenance({
        config,
        leads: stores.leads,
        storage: stores.storage,
        log: quiet,
        now: () => new Date(),
      });
      try {
        expect(maintenance.lastBackupAt()).toBeNull();
        await vi.advanceTimersByTimeAsync(61_000); // the first, a minute after start
        // Taken on a thread of its own, in real time.
        await vi.waitFor(() => expect(maintenance.lastBackupAt()).not.toBeNull(), { timeout: 10_000 });
        expect(listBackups(config.backup.dir, backupKindOf(config.database))).toHaveLength(1);
        for (let hour = 1; hour <= 3; hour++) {
          const before = maintenance.lastBackupAt();
          // The next is set once the last run's lock is let go (a commit, in real time, on PostgreSQL).
          await vi.waitFor(() => expect(maintenance.nextBackupAt()).not.toBeNull(), { timeout: 10_000 });
          // An hour after the last ended (the wait above moved the fake clock on a little).
          const due = maintenance.nextBackupAt()!.getTime();
          expect(due - before!.getTime()).toBeGreaterThanOrEqual(60 * 60 * 1000);
          await vi.advanceTimersByTimeAsync(due - Date.now());
          await vi.waitFor(() => expect(maintenance.lastBackupAt()).not.toEqual(before), { timeout: 10_000 });
        }
        const kept = listBackups(config.backup.dir, backupKindOf(config.database));
        expect(kept).toHaveLength(2);
        expect(maintenance.lastBackupAt()).toEqual(kept[0]!.at);
      } finally {
        maintenance.stop();
        await stores.close();
      }
    } finally {
      vi.useRealTimers();
    }
    // Three real backups (copied and checked on worker threads): about 1 s alone, longer on a busy machine.
  }, 20_000);

  it("takes its database's backup on schedule whatever the other database's backups, and keeps BACKUP_KEEP of its own only", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
      const { config } = await testApp({
        env: { BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '1', SPAM_RETENTION_DAYS: '0' },
      });
      // A backup of the other database taken just before (SQLite's, before db:copy), and an old one.
      const other = config.database.url ? 'db' : 'dump';
      mkdirSync(config.backup.dir, { recursive: true });
      for (const at of ['2026-11-24T08-59-00-000Z', '2026-11-01T09-00-00-000Z'])
        writeFileSync(join(config.backup.dir, `site-${at}.${other}`), '');
      const stores = await (await import('./stores.ts')).openStores(config);
      const maintenance = startMaintenance({
        config,
        leads: stores.leads,
        storage: stores.storage,
        log: quiet,
        now: () => new Date(),
      });
      try {
        expect(maintenance.lastBackupAt()).toBeNull();
        await vi.advanceTimersByTimeAsync(61_000); // its first, a minute after start
        await vi.waitFor(() => expect(maintenance.lastBackupAt()).not.toBeNull(), { timeout: 10_000 });
        expect(listBackups(config.backup.dir, backupKindOf(config.database))).toHaveLength(1);
        expect(readdirSync(config.backup.dir).filter((name) => name.endsWith(`.${other}`))).toHaveLength(2);
      } finally {
        maintenance.stop();
        await stores.close();
      }
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('takes no backup by itself with BACKUP_INTERVAL_HOURS=0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
      const config = testConfig({ BACKUP_INTERVAL_HOURS: '0', SPAM_RETENTION_DAYS: '0' });
      const stores = await (await import('./stores.ts')).openStores(config);
      const maintenance = startMaintenance({
        config,
        leads: stores.leads,
        storage: stores.storage,
        log: quiet,
        now: () => new Date(),
      });
      try {
        await vi.advanceTimersByTimeAsync(3 * DAY_MS);
        expect(listBackups(config.backup.dir, backupKindOf(config.database))).toEqual([]);
        expect(maintenance.lastBackupAt()).toBeNull();
      } finally {
        maintenance.stop();
        await stores.close();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a purge asked for now', () => {
  it('waits for the purge already running, then says how many leads went (never "unknown")', async () => {
    const config = testConfig({ BACKUP_INTERVAL_HOURS: '0', SPAM_RETENTION_DAYS: '30' });
    const stores = await openStores(config);
    const maintenance = startMaintenance({
      config,
      leads: stores.leads,
      storage: stores.storage,
      log: quiet,
      now: () => new Date(),
    });
    try {
      const running = opened();
      const inside = opened();
      // Another purge (the schedule's, or another instance's) holds the lock while this one is asked for.
      const held = stores.storage.exclusively('maintenance:spam-purge', async () => {
        inside.resolve();
        await running.promise;
      });
      await inside.promise;
      const asked = maintenance.purgeSpamNow();
      if (testDatabase === 'postgres') {
        // It queues behind the lock (one advisory lock not granted) rather than giving up at once.
        await expect
          .poll(async () => {
            const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting
              from pg_locks where locktype = 'advisory' and not granted`.execute(stores.storage.db);
            return rows[0]?.waiting;
          })
          .toBe(1);
      }
      running.resolve();
      await held;
      await expect(asked).resolves.toBe(0);
    } finally {
      maintenance.stop();
      await stores.close();
    }
  });
});

describe.skipIf(testDatabase !== 'postgres')('several instances on one PostgreSQL', () => {
  it('take one backup and delete the old spam once when their maintenance comes due at the same moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const instances: { stores: Stores; maintenance: Maintenance }[] = [];
    const said: string[] = [];
    /** What the maintenance logged, as `level: message`, with the count of spam deleted. */
    const log = (level: string) => (first: unknown, message?: string) => {
      const removed = (first as { removed?: unknown }).removed;
      said.push(`${level}: ${message ?? String(first)}${typeof removed === 'number' ? ` ${removed}` : ''}`);
    };
    const recording = { info: log('info'), warn: log('warn'), error: log('error') } as never;
    try {
      vi.setSystemTime(new Date('2026-10-01T09:00:00Z'));
      const config = testConfig({ BACKUP_INTERVAL_HOURS: '24', SPAM_RETENTION_DAYS: '30' });
      const seed = await openStores(config);
      for (let lead = 0; lead < 30; lead++) {
        await seed.leads.store({
          request: sampleQuote({ name: `Bot ${lead}`, email: `bot${lead}@spam.test` }),
          sourcePage: '/',
          spam: true,
        });
      }
      await seed.close();
      vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));

      // Two servers' maintenance on one database and one BACKUP_DIR, started together.
      for (let instance = 0; instance < 2; instance++) {
        const stores = await openStores(config);
        instances.push({
          stores,
          maintenance: startMaintenance({
            config,
            leads: stores.leads,
            storage: stores.storage,
            log: recording,
            now: () => new Date(),
          }),
        });
      }
      await vi.advanceTimersByTimeAsync(0); // the purge, at once on both
      await vi.waitFor(() => expect(said.filter((line) => line.includes('spam'))).toHaveLength(1), {
        timeout: 5_000,
      });
      await vi.advanceTimersByTimeAsync(61_000); // the first backup, a minute after start, on both
      await vi.waitFor(() => expect(said.filter((line) => line.includes('backup'))).toHaveLength(2), {
        timeout: 10_000,
      });
      expect(said.sort()).toEqual([
        'info: backup left to another instance',
        'info: backup taken',
        'info: old spam deleted 30',
      ]);
      expect(listBackups(config.backup.dir, backupKindOf(config.database))).toHaveLength(1);
      const left = await tablesOf<LeadTables>(instances[0]!.stores.storage.db)
        .selectFrom('quote_requests')
        .select('id')
        .execute();
      expect(left).toEqual([]);
    } finally {
      for (const { stores, maintenance } of instances) {
        maintenance.stop();
        await stores.close();
      }
      vi.useRealTimers();
    }
  }, 30_000);
});
