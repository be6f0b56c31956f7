/** Backups with DATABASE_URL: pg_dump files, pg_restore into an empty database. Runs in the postgres project. */
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStores } from '../stores.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { testApp } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { listBackups } from './backups.ts';
import { restorePostgresBackup, takePostgresBackup } from './postgres-backups.ts';
import { findPostgresProgram } from './postgres-programs.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const mode = (path: string) => statSync(path).mode & 0o777;

/** A PG_BIN with a pg_dump that says it is PostgreSQL `major`, and otherwise writes down how it was called. */
function fakePgBin(major: number) {
  const dir = tempDir();
  const script = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "pg_dump (PostgreSQL) ${major}.1"; exit 0; fi
echo "$@" > "${dir}/argv"
echo "$PGPASSWORD" > "${dir}/password"
exit 1
`;
  writeFileSync(join(dir, 'pg_dump'), script);
  chmodSync(join(dir, 'pg_dump'), 0o755);
  return dir;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.skipIf(testDatabase !== 'postgres')('a backup with DATABASE_URL', () => {
  it('is a private pg_dump file named like the others, holding the kept emails too, restored only into an empty database', async () => {
    const { app, config } = await testApp();
    for (const name of ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'प्रिया शर्मा'])
      expect((await injectQuote(app, { name })).body).toBe('success');
    await app.outboxWorker.runOnce(); // no SMTP_URL: kept in the database (mail_drop), not as files
    const report = await takePostgresBackup({
      url: config.database.url!,
      mailDir: config.mail.dir,
      backupDir: config.backup.dir,
      at: new Date('2026-11-24T09:00:00Z'),
    });
    expect(report.file).toBe(join(config.backup.dir, 'site-2026-11-24T09-00-00-000Z.dump'));
    expect(report.check).toBe('pg_restore --list ok');
    expect(report.counts.quote_requests).toBe(2);
    expect(report.counts.outbox).toBeGreaterThanOrEqual(2);
    expect(mode(report.file)).toBe(0o600);
    expect(listBackups(config.backup.dir, 'dump')).toEqual([
      { file: report.file, at: new Date('2026-11-24T09:00:00Z') },
    ]);
    // The emails are rows of the dump: no .eml copy is needed beside it.
    expect(report.counts.mail_drop).toBe(2);
    expect(report.mailCopy).toBeUndefined();

    // Not over the live database (it has tables): nothing is touched.
    await expect(
      restorePostgresBackup({ file: report.file, url: config.database.url!, mailDir: config.mail.dir }),
    ).rejects.toThrow(/is not empty \(it has .*\)\. Restore into a new, empty database/);

    const fresh = tempDir();
    const url = postgresDatabaseFor(fresh);
    const restored = await restorePostgresBackup({ file: report.file, url, mailDir: join(fresh, 'mail') });
    expect(restored.counts).toEqual(report.counts);
    expect(restored.mailFiles).toBe(0);
    const stores = await openStores({ ...config, database: { ...config.database, url } });
    try {
      const names = await tablesOf<LeadTables>(stores.storage.db)
        .selectFrom('quote_requests')
        .select('name')
        .orderBy('id')
        .execute();
      expect(names.map((row) => row.name)).toEqual(['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'प्रिया शर्मा']);
      // The ids go on after the restored ones.
      const stored = await stores.leads.store({
        request: (await import('../../common/quote-sample.ts')).sampleQuote(),
        sourcePage: '/',
        spam: false,
      });
      expect(stored.id).toBe(3);
    } finally {
      await stores.close();
    }
  }, 30_000);

  it('gives pg_dump the password in its environment, never on its command line', async () => {
    const { config } = await testApp();
    const bin = fakePgBin(99);
    vi.stubEnv('PG_BIN', bin);
    const url = new URL(config.database.url!);
    url.password = 's3cret-Passw0rd';
    await expect(
      takePostgresBackup({
        url: url.href,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date(),
      }),
    ).rejects.toThrow(/pg_dump failed/);
    expect(readFileSync(join(bin, 'argv'), 'utf8')).toContain('--format=custom');
    expect(readFileSync(join(bin, 'argv'), 'utf8')).not.toContain('s3cret');
    expect(readFileSync(join(bin, 'password'), 'utf8').trim()).toBe('s3cret-Passw0rd');
    expect(readdirSync(config.backup.dir)).toEqual([]);
  });

  it('says plainly when pg_dump is older than the server, or missing', async () => {
    const { config } = await testApp();
    vi.stubEnv('PG_BIN', fakePgBin(9));
    const options = { url: config.database.url!, mailDir: config.mail.dir, backupDir: config.backup.dir };
    await expect(takePostgresBackup({ ...options, at: new Date() })).rejects.toThrow(
      /pg_dump is PostgreSQL 9, older than the server \(PostgreSQL \d+\), which it cannot back up\. Install postgresql-client-\d+/,
    );
    expect(readdirSync(config.backup.dir)).toEqual([]);

    const empty = tempDir();
    vi.stubEnv('PG_BIN', empty);
    expect(() => findPostgresProgram('pg_dump')).toThrow(`There is no pg_dump in PG_BIN (${empty}).`);
    vi.stubEnv('PG_BIN', '');
    vi.stubEnv('PATH', empty);
    const found = existsSync('/usr/lib/postgresql') ? findPostgresProgram('pg_dump') : undefined;
    if (found) expect(found).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin\/pg_dump$/);
  });
});
