import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../db/sqlite-open.ts';
import { describe, expect, it } from 'vitest';
import { postQuote, type Outcome } from '../test/quote-client.ts';
import { validQuote } from '../test/form-request.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { loadConfig } from '../config/config.ts';
import { openStores } from '../stores.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import {
  checkDatabaseFile,
  listBackups,
  pruneBackups,
  restoreBackup,
  takeBackup,
  type BackupReport,
} from './backups.ts';
import { restorePostgresBackup, takePostgresBackup } from './postgres-backups.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const mode = (path: string) => statSync(path).mode & 0o777;
const onPostgres = testDatabase === 'postgres';

/** The emails of the leads in a backup, once restored into a fresh place (a new database on PostgreSQL). */
async function emailsRestoredFrom(report: BackupReport): Promise<Set<string>> {
  const fresh = tempDir();
  if (onPostgres) {
    const url = postgresDatabaseFor(fresh);
    await restorePostgresBackup({ file: report.file, url, mailDir: join(fresh, 'mail') });
    const stores = await openStores(loadConfig({ DATABASE_URL: url, DATABASE_PATH: join(fresh, 'x.db') }));
    try {
      const rows = await tablesOf<LeadTables>(stores.storage.db)
        .selectFrom('quote_requests')
        .select('email')
        .execute();
      return new Set(rows.map((row) => row.email));
    } finally {
      await stores.close();
    }
  }
  const restored = restoreBackup({
    file: report.file,
    databasePath: join(fresh, 'data', 'site.db'),
    mailDir: join(fresh, 'data', 'mail'),
    at: new Date(),
  });
  expect(restored.keptAside).toBeUndefined();
  expect(mode(join(fresh, 'data', 'site.db'))).toBe(0o600);
  const db = openSqlite(join(fresh, 'data', 'site.db'), { readonly: true });
  try {
    return new Set(db.prepare('SELECT email FROM quote_requests').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

describe('a backup', () => {
  it('taken during a burst of quote requests holds every lead acknowledged before it started, and restores', async () => {
    const dir = tempDir();
    const env = {
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'data', 'site.db'),
      ...(onPostgres ? { DATABASE_URL: postgresDatabaseFor(dir) } : {}),
      MAIL_DIR: join(dir, 'data', 'mail'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      BACKUP_INTERVAL_HOURS: '0',
    };
    const server = await startServer({ env });
    const acknowledged: { email: string; at: number }[] = [];
    let backupStarted = 0;
    let report: BackupReport | undefined;
    try {
      const burst = Array.from({ length: 300 }, async (_, index) => {
        const email = `visitor-${index}@burst.test`;
        const outcome: Outcome = await postQuote(server.url, { ...validQuote, email });
        if (outcome.kind === 'reply' && outcome.status === 200)
          acknowledged.push({ email, at: performance.now() });
      });
      // Back up in the middle of the burst, from another connection, as `npm run backup` does.
      while (acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 5));
      backupStarted = performance.now();
      const where = { mailDir: env.MAIL_DIR, backupDir: join(dir, 'backups'), at: new Date() };
      report = env.DATABASE_URL
        ? await takePostgresBackup({ url: env.DATABASE_URL, ...where })
        : takeBackup({ databasePath: env.DATABASE_PATH, busyTimeoutMs: 5_000, ...where });
      await Promise.all(burst);
    } finally {
      await stopServer(server);
    }
    expect(acknowledged.length).toBe(300);
    const before = acknowledged.filter((lead) => lead.at < backupStarted).map((lead) => lead.email);
    expect(before.length).toBeGreaterThanOrEqual(100);

    // The copy is checked, private, and restores into a fresh directory.
    expect(report!.counts.quote_requests).toBeGreaterThanOrEqual(before.length);
    expect(mode(report!.file)).toBe(0o600);
    expect(mode(join(dir, 'backups'))).toBe(0o700);
    const emails = await emailsRestoredFrom(report!);
    for (const email of before) expect(emails, email).toContain(email);
  }, 60_000);

  it.skipIf(onPostgres)(
    'copies the .eml files beside it, and restoring puts them back and keeps the old database aside',
    async () => {
      const { app, config } = await testApp();
      const body = await (await import('../test/form-request.ts')).multipart(validQuote);
      await app.inject({ method: 'POST', url: '/api/quote', ...body, headers: { ...body.headers } });
      await app.outboxWorker.runOnce();
      const report = takeBackup({
        databasePath: config.database.path,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date('2026-11-24T09:00:00Z'),
        busyTimeoutMs: 1000,
      });
      expect(report.file).toBe(join(config.backup.dir, 'site-2026-11-24T09-00-00-000Z.db'));
      expect(report.mailFiles).toBe(1);
      expect(readdirSync(report.mailCopy!)).toEqual(readdirSync(config.mail.dir));
      expect(mode(report.mailCopy!)).toBe(0o700);
      await app.close();

      const fresh = tempDir();
      const databasePath = join(fresh, 'site.db');
      writeFileSync(databasePath, 'the database that was there');
      const restored = restoreBackup({
        file: report.file,
        databasePath,
        mailDir: join(fresh, 'mail'),
        at: new Date(),
      });
      expect(readFileSync(restored.keptAside!, 'utf8')).toBe('the database that was there');
      expect(restored.mailFiles).toBe(1);
      expect(checkDatabaseFile(databasePath).quote_requests).toBe(1);
    },
  );

  it.skipIf(onPostgres)('is not restored while a server holds the database', async () => {
    const { config } = await testApp();
    const backupDir = tempDir();
    const report = takeBackup({
      databasePath: config.database.path,
      mailDir: config.mail.dir,
      backupDir,
      at: new Date(),
      busyTimeoutMs: 1000,
    });
    expect(() =>
      restoreBackup({
        file: report.file,
        databasePath: config.database.path,
        mailDir: config.mail.dir,
        at: new Date(),
      }),
    ).toThrow(/A server \(process \d+\) is using .*Stop it first/);
    expect(existsSync(`${config.database.path}.server`)).toBe(true);
  });

  it('refuses to restore a file that is not a sound database of this site', () => {
    const dir = tempDir();
    const garbage = join(dir, 'site-2026-11-24T09-00-00-000Z.db');
    writeFileSync(garbage, 'SQLite format 3\u0000 but then nonsense');
    expect(() =>
      restoreBackup({ file: garbage, databasePath: join(dir, 'site.db'), mailDir: dir, at: new Date() }),
    ).toThrow();
    const other = join(dir, 'other.db');
    openSqlite(other).exec('CREATE TABLE notes (text)');
    expect(() => checkDatabaseFile(other)).toThrow(/not a database of this site/);
    expect(existsSync(join(dir, 'site.db'))).toBe(false);
  });

  it('keeps only the newest BACKUP_KEEP backups, with their mail folders', () => {
    const dir = tempDir();
    for (const day of ['21', '22', '23', '24']) {
      writeFileSync(join(dir, `site-2026-11-${day}T09-00-00-000Z.db`), '');
      mkdirSync(join(dir, `site-2026-11-${day}T09-00-00-000Z.db.mail`));
    }
    expect(pruneBackups(dir, 2, 'db')).toEqual([
      'site-2026-11-22T09-00-00-000Z.db',
      'site-2026-11-21T09-00-00-000Z.db',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'site-2026-11-23T09-00-00-000Z.db',
      'site-2026-11-23T09-00-00-000Z.db.mail',
      'site-2026-11-24T09-00-00-000Z.db',
      'site-2026-11-24T09-00-00-000Z.db.mail',
    ]);
    expect(listBackups(dir, 'db')[0]!.at.toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });

  it("counts each database's backups on its own: the newest, and BACKUP_KEEP", () => {
    const dir = tempDir();
    // SQLite's backups up to the move (db:copy), PostgreSQL's since; one SQLite backup after.
    for (const day of ['21', '22', '23'])
      writeFileSync(join(dir, `site-2026-11-${day}T09-00-00-000Z.db`), '');
    for (const day of ['22', '23']) writeFileSync(join(dir, `site-2026-11-${day}T10-00-00-000Z.dump`), '');
    writeFileSync(join(dir, 'site-2026-11-24T09-00-00-000Z.db'), '');

    expect(listBackups(dir, 'dump')[0]!.at.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(listBackups(dir, 'db')[0]!.at.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(pruneBackups(dir, 1, 'dump')).toEqual(['site-2026-11-22T10-00-00-000Z.dump']);
    expect(readdirSync(dir).sort()).toEqual([
      'site-2026-11-21T09-00-00-000Z.db',
      'site-2026-11-22T09-00-00-000Z.db',
      'site-2026-11-23T09-00-00-000Z.db',
      'site-2026-11-23T10-00-00-000Z.dump',
      'site-2026-11-24T09-00-00-000Z.db',
    ]);
    expect(pruneBackups(dir, 2, 'db')).toEqual([
      'site-2026-11-22T09-00-00-000Z.db',
      'site-2026-11-21T09-00-00-000Z.db',
    ]);
    expect(listBackups(dir, 'dump')).toHaveLength(1);
  });
});
