/**
 * `npm run backup` and `npm run restore` as an operator runs them: the
 * programs themselves, in processes of their own, reading the environment.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { loadConfig } from '../config/config.ts';
import { listBackups } from '../ops/backups.ts';
import { openStores } from '../stores.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { runEntryPoint } from '../test/entry-point.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const onPostgres = testDatabase === 'postgres';
/** In the postgres project, a fresh database for the directory (DATABASE_URL); else none (SQLite). */
const databaseUrlFor = (dir: string): Record<string, string> =>
  onPostgres ? { DATABASE_URL: postgresDatabaseFor(dir) } : {};

/** `node --import tsx server/bin/<cli> ...args`, with only this environment (and PATH). */
const runCli = (cli: 'backup-cli.ts' | 'restore-cli.ts', env: Record<string, string>, ...args: string[]) =>
  runEntryPoint(cli, env, ...args);

/** A site's environment in a fresh directory, with two leads in its database and one .eml file. */
async function siteWithLeads() {
  const dir = tempDir();
  const env = {
    SITE_DIR: fakeSite(dir),
    DATABASE_PATH: join(dir, 'data', 'site.db'),
    ...databaseUrlFor(dir),
    MAIL_DIR: join(dir, 'data', 'mail'),
    BACKUP_DIR: join(dir, 'data', 'backups'),
    BACKUP_INTERVAL_HOURS: '0',
    BACKUP_KEEP: '2',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
  };
  const stores = await openStores(loadConfig(env));
  try {
    for (const name of ['Priya Sharma', 'Ravi Kumar']) {
      await stores.leads.store({
        request: sampleQuote({ name, email: 'lead@company.in', phone: '', message: 'A new website.' }),
        sourcePage: '/',
        spam: false,
      });
    }
  } finally {
    await stores.close();
  }
  mkdirSync(env.MAIL_DIR, { recursive: true });
  writeFileSync(join(env.MAIL_DIR, 'quote.0123abcd.eml'), 'Subject: a lead\r\n\r\nHello\r\n');
  return { dir, env };
}

describe('npm run backup', () => {
  it('prints the checked copy, its row counts and the emails, and keeps BACKUP_KEEP backups even with BACKUP_INTERVAL_HOURS=0', async () => {
    const { env } = await siteWithLeads();
    const first = await runCli('backup-cli.ts', env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const [backup] = listBackups(env.BACKUP_DIR, onPostgres ? 'dump' : 'db');
    const check = onPostgres ? 'pg_restore --list ok' : 'integrity ok';
    expect(first.stdout).toContain(`Backup checked (${check}): ${backup!.file}`);
    expect(backup!.file).toMatch(onPostgres ? /\.dump$/ : /\.db$/);
    expect(statSync(backup!.file).mode & 0o777).toBe(0o600);
    expect(first.stdout).toMatch(/^ {2}quote_requests: 2$/m);
    expect(first.stdout).toContain(`Emails: 1 .eml files in ${backup!.file}.mail`);

    // With the server's own backups off, npm run backup is the only thing that deletes old ones.
    const second = await runCli('backup-cli.ts', env);
    const third = await runCli('backup-cli.ts', env);
    expect([second.code, third.code]).toEqual([0, 0]);
    const kept = listBackups(env.BACKUP_DIR, onPostgres ? 'dump' : 'db').map(({ file }) => file);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(backup!.file);
    expect(existsSync(`${backup!.file}.mail`)).toBe(false);
    expect(third.stdout).toContain(
      `Deleted 1 older backup (BACKUP_KEEP=2): ${backup!.file.split('/').pop()}`,
    );
  }, 60_000);

  it('says what is wrong and exits 1 when it cannot back up', async () => {
    const dir = tempDir();
    const nowhere: Record<string, string> = onPostgres
      ? { DATABASE_URL: `${postgresDatabaseFor(dir)}-that-does-not-exist` }
      : { DATABASE_PATH: join(dir, 'nothing-here.db') };
    const missing = await runCli('backup-cli.ts', { ...nowhere, BACKUP_DIR: join(dir, 'backups') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^backup failed: /);
    expect(readdirSync(join(dir, 'backups'))).toEqual([]);
    const badConfig = await runCli('backup-cli.ts', { BACKUP_KEEP: '0' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toContain('BACKUP_KEEP');
  }, 60_000);
});

describe('npm run restore', () => {
  it.skipIf(onPostgres)(
    'refuses while a server holds the database, then restores into place, keeping the old one aside',
    async () => {
      const { env } = await siteWithLeads();
      expect((await runCli('backup-cli.ts', env)).code).toBe(0);
      const [backup] = listBackups(env.BACKUP_DIR, onPostgres ? 'dump' : 'db');

      const usage = await runCli('restore-cli.ts', env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run restore -- <backup file>');

      const server = await startServer({ env });
      try {
        const refused = await runCli('restore-cli.ts', env, backup!.file);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`restore refused: A server (process ${server.pid}) is using`);
      } finally {
        await stopServer(server);
      }

      const restored = await runCli('restore-cli.ts', env, backup!.file);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain(`Restored ${backup!.file} to ${env.DATABASE_PATH}:`);
      expect(restored.stdout).toMatch(/^ {2}quote_requests: 2$/m);
      expect(restored.stdout).toMatch(/The database that was there is kept as .*site\.db\.before-restore-/);
      expect(restored.stdout).toContain('Emails: 1 .eml files put back');
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'with DATABASE_URL, refuses a database that is not empty, and restores into an empty one',
    async () => {
      const { env } = await siteWithLeads();
      expect((await runCli('backup-cli.ts', env)).code).toBe(0);
      const [backup] = listBackups(env.BACKUP_DIR, onPostgres ? 'dump' : 'db');

      const refused = await runCli('restore-cli.ts', env, backup!.file);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^restore refused: The database postgres:\/\/.* is not empty \(it has /);

      const dir = tempDir();
      const freshUrl = databaseUrlFor(dir);
      const fresh = { ...env, ...freshUrl, MAIL_DIR: join(dir, 'mail') };
      const restored = await runCli('restore-cli.ts', fresh, backup!.file);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain(`Restored ${backup!.file} to ${freshUrl.DATABASE_URL}:`);
      expect(restored.stdout).toMatch(/^ {2}quote_requests: 2$/m);
      expect(restored.stdout).toContain('Emails: 1 .eml files put back');
      const stores = await openStores(loadConfig(fresh));
      try {
        const names = await tablesOf<LeadTables>(stores.storage.db)
          .selectFrom('quote_requests')
          .select('name')
          .orderBy('id')
          .execute();
        expect(names.map((row) => row.name)).toEqual(['Priya Sharma', 'Ravi Kumar']);
      } finally {
        await stores.close();
      }
    },
    60_000,
  );

  it('refuses a file that is not a backup of this site, and leaves the database alone', async () => {
    const { dir, env } = await siteWithLeads();
    const notADatabase = join(dir, `site-2026-11-24T09-00-00-000Z.${onPostgres ? 'dump' : 'db'}`);
    writeFileSync(notADatabase, 'this is a text file, not a database\n');
    const refused = await runCli('restore-cli.ts', env, notADatabase);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^restore refused: /);
    if (onPostgres) expect(refused.stderr).toContain('is not a readable pg_dump backup');
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('before-restore'))).toEqual([]);
    const missing = await runCli('restore-cli.ts', env, join(dir, 'no-such-backup.db'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no backup at');
  }, 60_000);
});
