import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../db/sqlite-open.ts';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '../config/config.ts';
import { sqliteOnly, testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { manualClock } from '../test/manual-clock.ts';
import { postgresReadOnly } from '../test/postgres-read-only.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { takeBackup } from './backups.ts';
import { takePostgresBackup } from './postgres-backups.ts';

/** A visitor's address (TEST-NET-3). */
const VISITOR = '203.0.113.7';

const mode = (path: string) => statSync(path).mode & 0o777;

/**
 * Makes the test's database unwritable until undo: on SQLite another connection holds the write lock;
 * on PostgreSQL the database turns read-only (default_transaction_read_only) and the pool's
 * connections are ended, so that the new ones it makes are read-only.
 */
async function makeUnwritable(config: Config): Promise<{ undo: () => Promise<void> }> {
  if (!config.database.url) {
    const other = openSqlite(config.database.path);
    other.exec('BEGIN EXCLUSIVE'); // another process holds the write lock
    return {
      undo: async () => {
        other.exec('ROLLBACK');
        other.close();
      },
    };
  }
  const readOnly = await postgresReadOnly(config.database.url);
  await readOnly.set(true);
  return {
    undo: async () => {
      await readOnly.set(false);
      await readOnly.end();
    },
  };
}

async function sendLead(app: Awaited<ReturnType<typeof testApp>>['app']) {
  expect((await injectQuote(app)).body).toBe('success');
}

describe('health and readiness', () => {
  it('/healthz answers 200 while the process runs', async () => {
    const { app } = await testApp();
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz reports to this machine the database, the outbox, the mail mode and the last backup, and nothing personal', async () => {
    const clock = manualClock();
    const { app } = await testApp({ now: clock.now });
    await sendLead(app);
    clock.advance(90_000);
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'ok',
      databaseKind: testDatabase,
      outbox: { pending: 1, dead: 0, oldestPendingSeconds: 90 },
      mail: testDatabase === 'postgres' ? 'database' : 'files',
      lastBackupAt: null,
      scanner: 'none',
      mailbox: 'none',
    });
    expect(response.body).not.toMatch(/priya|@|password|smtp:\/\//i);
  });

  it('/readyz answers 503 while the database cannot be written, and 200 again after', async () => {
    const { app, config } = await testApp();
    const unwritable = await makeUnwritable(config);
    try {
      const locked = await app.inject({ url: '/readyz' });
      expect(locked.statusCode).toBe(503);
      expect(locked.json()).toMatchObject({ status: 'not ready', database: 'unavailable' });
      const outside = await app.inject({ url: '/readyz', remoteAddress: VISITOR });
      expect({ status: outside.statusCode, body: outside.json() }).toEqual({
        status: 503,
        body: { status: 'not ready' },
      });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await unwritable.undo();
    }
    // No restart: the same server is ready again.
    await vi.waitFor(async () => expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200), {
      timeout: 5_000,
    });
  });

  it('/readyz tells a visitor only whether the server is ready: nothing of its mail, outbox or backups', async () => {
    const { app } = await testApp();
    const response = await app.inject({ url: '/readyz', remoteAddress: VISITOR });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('{"status":"ready"}');
  });

  it.each(['127.0.0.1', 'false', '1'])(
    '/readyz counts a request through the proxy on this machine as public (TRUST_PROXY=%s)',
    async (trustProxy) => {
      const { app } = await testApp({ env: { TRUST_PROXY: trustProxy } });
      const readyz = async (headers: Record<string, string>) =>
        (await app.inject({ url: '/readyz', remoteAddress: '127.0.0.1', headers })).json();
      // Caddy and nginx connect from 127.0.0.1 and write the visitor's address.
      expect(await readyz({ 'x-forwarded-for': VISITOR })).toEqual({ status: 'ready' });
      // A visitor who writes 127.0.0.1 first: the proxy appends the real address after it.
      expect(await readyz({ 'x-forwarded-for': `127.0.0.1, ${VISITOR}` })).toEqual({ status: 'ready' });
      expect(await readyz({ forwarded: 'for="[2001:db8::7]:4711";proto=https' })).toEqual({
        status: 'ready',
      });
      expect(await readyz({ 'x-real-ip': VISITOR })).toEqual({ status: 'ready' });
      expect(await readyz({ 'x-forwarded-for': 'unknown' })).toEqual({ status: 'ready' });
      // A request from this machine, directly or through the proxy, gets the details.
      expect(await readyz({})).toHaveProperty('outbox');
      expect(await readyz({ 'x-forwarded-for': '::1' })).toHaveProperty('outbox');
    },
  );

  it('/readyz gives its details to a request with READYZ_TOKEN as bearer token, and only then', async () => {
    const token = 'a-long-random-readyz-token';
    const { app } = await testApp({ env: { READYZ_TOKEN: token } });
    const readyz = async (authorization?: string) =>
      (
        await app.inject({
          url: '/readyz',
          remoteAddress: VISITOR,
          headers: authorization ? { authorization } : {},
        })
      ).json();
    expect(await readyz(`Bearer ${token}`)).toMatchObject({
      status: 'ready',
      database: 'ok',
      mail: testDatabase === 'postgres' ? 'database' : 'files',
    });
    expect(await readyz(`Bearer ${token}x`)).toEqual({ status: 'ready' });
    expect(await readyz(`Bearer ${token.slice(0, -1)}`)).toEqual({ status: 'ready' });
    expect(await readyz(`Basic ${token}`)).toEqual({ status: 'ready' });
    expect(await readyz()).toEqual({ status: 'ready' });

    // Without READYZ_TOKEN no token opens them.
    const { app: other } = await testApp();
    const response = await other.inject({
      url: '/readyz',
      remoteAddress: VISITOR,
      headers: { authorization: 'Bearer undefined' },
    });
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz reports which database it uses: SQLite, or PostgreSQL with DATABASE_URL', async () => {
    const { app } = await testApp();
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({
      database: 'ok',
      databaseKind: testDatabase,
    });
  });

  it('/readyz reports the newest backup of its database in BACKUP_DIR, a manual one taken after the server’s own included, never the other database’s', async () => {
    const config = testConfig({ BACKUP_INTERVAL_HOURS: '24', SPAM_RETENTION_DAYS: '0' });
    // A backup from before this start: the server's schedule counts from it.
    mkdirSync(config.backup.dir, { recursive: true });
    const [own, other] = config.database.url ? ['dump', 'db'] : ['db', 'dump'];
    writeFileSync(join(config.backup.dir, `site-2026-11-20T09-00-00-000Z.${own}`), '');
    // A newer one of the other database (SQLite's, left from before db:copy): no backup of this one.
    writeFileSync(join(config.backup.dir, `site-2026-11-22T09-00-00-000Z.${other}`), '');
    const { app } = await testApp({ config, startMaintenance: true });
    const lastBackupAt = async () => (await app.inject({ url: '/readyz' })).json().lastBackupAt;
    expect(await lastBackupAt()).toBe('2026-11-20T09:00:00.000Z');

    // `npm run backup`, from another process, while the server runs.
    const at = new Date('2026-11-24T09:00:00.000Z');
    const where = { mailDir: config.mail.dir, backupDir: config.backup.dir, at };
    if (config.database.url) await takePostgresBackup({ url: config.database.url, ...where });
    else takeBackup({ databasePath: config.database.path, busyTimeoutMs: 1_000, ...where });
    expect(await lastBackupAt()).toBe('2026-11-24T09:00:00.000Z');
  });

  it('answers 503 with Retry-After under memory pressure, but /healthz still 200', async () => {
    const { app } = await testApp({ env: { PRESSURE_MAX_HEAP_USED_MB: '1' } });
    await vi.waitFor(async () => expect((await app.inject({ url: '/' })).statusCode).toBe(503), {
      timeout: 5_000,
    });
    const refused = await app.inject({ url: '/' });
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(refused.body).toBe('The server is too busy just now. Please try again in a few seconds.\n');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

// The SQLite file's own modes; PostgreSQL keeps its files itself.
sqliteOnly('the files that hold personal data', () => {
  it('are readable by the server’s user only: the database, its WAL, the .eml files and their folders', async () => {
    const { app, config } = await testApp();
    await sendLead(app);
    await app.outboxWorker.runOnce();
    expect(mode(config.database.path)).toBe(0o600);
    expect(mode(`${config.database.path}-wal`)).toBe(0o600);
    expect(mode(join(config.database.path, '..'))).toBe(0o700);
    expect(mode(config.mail.dir)).toBe(0o700);
    const [eml] = (await import('node:fs')).readdirSync(config.mail.dir);
    expect(mode(join(config.mail.dir, eml!))).toBe(0o600);
  });
  it('leave a folder that was already there as it was: only the folders it makes are 0700', async () => {
    // DATABASE_PATH in a folder other programs use too: making it 0700 would lock them out.
    const shared = tempDir();
    chmodSync(shared, 0o755);
    const config = testConfig(
      {
        DATABASE_PATH: join(shared, 'site.db'),
        MAIL_DIR: join(shared, 'mail'),
        BACKUP_DIR: join(shared, 'backups', 'nightly'),
      },
      shared,
    );
    const { app } = await testApp({ config });
    await sendLead(app);
    await app.outboxWorker.runOnce();
    takeBackup({
      databasePath: config.database.path,
      mailDir: config.mail.dir,
      backupDir: config.backup.dir,
      at: new Date(),
      busyTimeoutMs: 1_000,
    });
    expect(mode(shared)).toBe(0o755);
    expect(mode(config.database.path)).toBe(0o600);
    expect(mode(config.mail.dir)).toBe(0o700);
    expect(mode(join(shared, 'backups'))).toBe(0o700);
    expect(mode(config.backup.dir)).toBe(0o700);
  });
});
