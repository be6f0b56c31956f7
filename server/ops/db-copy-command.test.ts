/**
 * `npm run db:copy` (into DATABASE_URL, or --to without a password): a site that has run on SQLite, moved into
 * an empty PostgreSQL database. Needs PostgreSQL: runs in the postgres project.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../db/sqlite-open.ts';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Config } from '../config/config.ts';
import { runDatabaseCopy } from './db-copy-command.ts';
import { holdDatabase } from '../ops/server-lock.ts';
import { derivedTables, migrations, openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { signUp } from '../test/newsletter-client.ts';
import { roleWithoutCreate } from '../test/postgres-role.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { runEntryPoint } from '../test/entry-point.ts';
import type { AllTables } from '../test/all-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

async function runCopy(config: Config, ...args: string[]) {
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  const code = await runDatabaseCopy(args, config, io, { migrations, derivedTables });
  return { code, out, err };
}

/** `npm run db:copy` itself, in a process of its own, with only this environment (and PATH). */
const runCli = (env: Record<string, string>, ...args: string[]) =>
  runEntryPoint('db-copy-cli.ts', env, ...args);

/** A site on SQLite that has been used: leads in Indian scripts, spam, emails, a subscriber, staff. */
async function usedSqliteSite(): Promise<Config> {
  const config = testConfig();
  const sqlite = { ...config, database: { ...config.database, url: undefined } };
  const { app } = await testApp({ config: sqlite });
  const names = ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'प्रिया शर्मा', 'Ravi Kumar'];
  for (const name of names) {
    const reply = await injectQuote(app, {
      name,
      email: `${names.indexOf(name)}@company.in`,
      message: `ਸਾਨੂੰ ਨਵੀਂ ਵੈੱਬਸਾਈਟ ਚਾਹੀਦੀ ਹੈ — हमें एक नई वेबसाइट चाहिए (${name})`,
    });
    expect(reply.body).toBe('success');
  }
  expect((await signUp(app, 'reader@company.in')).statusCode).toBeLessThan(400);
  const staff = await staffMember(app, sqlite);
  expect(
    (await api(app, sqlite, 'POST', '/leads/3/spam', { cookie: staff.cookie, body: { spam: true } }))
      .statusCode,
  ).toBe(200);
  expect((await api(app, sqlite, 'POST', '/sign-in/options', { body: {} })).statusCode).toBe(200);
  await app.outboxWorker.runOnce();
  await app.close();
  return sqlite;
}

const TABLES = [
  'quote_requests',
  'lead_events',
  'outbox',
  'subscribers',
  'subscriber_tokens',
  'admin_accounts',
  'admin_passkeys',
  'admin_sessions',
  'admin_invitations',
  'admin_activity',
  'admin_ceremonies',
] as const;

type Stores = Awaited<ReturnType<typeof openStores>>;
/**
 * Every row of every table, in id order, without the search index's columns: phone_endings (only
 * SQLite's index fills it) and search_words (PostgreSQL's).
 */
async function everything(stores: Stores) {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await tablesOf<AllTables>(stores.storage.db).selectFrom(table).selectAll().execute();
    const key = (row: Record<string, unknown>) => String(row.id ?? row.token_hash);
    all[table] = rows
      .map(({ phone_endings: _, search_words: __, ...row }: Record<string, unknown>) => row)
      .sort((a, b) => key(a).localeCompare(key(b)));
  }
  return all;
}

const fingerprint = (file: string) => ({
  sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
  mtimeMs: statSync(file).mtimeMs,
  size: statSync(file).size,
});

describe.skipIf(testDatabase !== 'postgres')('npm run db:copy', () => {
  it('copies every row of a used SQLite site into an empty PostgreSQL, which then reads the same and goes on', async () => {
    const sqlite = await usedSqliteSite();
    const fromSqlite = await openStores(sqlite);
    const original = await everything(fromSqlite);
    await fromSqlite.close();
    const before = fingerprint(sqlite.database.path);
    const target = postgresDatabaseFor(tempDir());
    // Trust authentication on the test cluster: the password is never checked, only never shown.
    const url = new URL(target);
    url.username = 'postgres';
    url.password = 's3cret-Passw0rd';
    const to = url.href;
    // Into DATABASE_URL: the password stays in the environment file, off the command line.
    const intoUrl = { ...sqlite, database: { ...sqlite.database, url: to } };

    const copy = await runCopy(intoUrl);
    expect(copy.err).not.toContain('s3cret');
    expect(copy.code).toBe(0);
    expect(copy.out).toMatch(/^quote_requests +3 +3$/m);
    expect(copy.out).toMatch(/^admin_passkeys +1 +1$/m);
    expect(copy.out).toMatch(/^subscribers +1 +1$/m);
    expect(copy.out).not.toContain('s3cret');
    expect(copy.out).not.toMatch(/search|kysely/);

    const fromPostgres = await openStores({ ...sqlite, database: { ...sqlite.database, url: to } });
    try {
      const copied = await everything(fromPostgres);
      expect(copied).toEqual(original);
      expect(copied.quote_requests!.map((row) => (row as { name: string }).name)).toEqual([
        'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
        'प्रिया शर्मा',
        'Ravi Kumar',
      ]);
      for (const table of TABLES.filter((name) => name !== 'admin_invitations'))
        expect(copied[table], table).not.toEqual([]);

      // A new lead gets an id after the copied ones, as do its emails.
      const stored = await fromPostgres.leads.store({
        request: sampleQuote({ name: 'ਨਵਾਂ ਗਾਹਕ', email: 'new@company.in' }),
        sourcePage: '/',
        spam: false,
      });
      expect(stored.id).toBe(4);
      const outboxIds = (copied.outbox as { id: number }[]).map((row) => row.id);
      const newest = await tablesOf<OutboxTables>(fromPostgres.storage.db)
        .selectFrom('outbox')
        .select('id')
        .where('owner_type', '=', 'lead')
        .where('owner_id', '=', stored.id)
        .execute();
      for (const { id } of newest) expect(id).toBeGreaterThan(Math.max(...outboxIds));
    } finally {
      await fromPostgres.close();
    }

    // A second copy into it is refused, by the program itself, exit code 1, password unseen.
    const again = await runCli({ DATABASE_PATH: sqlite.database.path, DATABASE_URL: to });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('db:copy refused: The database postgres://postgres@127.0.0.1:');
    expect(again.stderr).toContain('is not empty: ');
    expect(`${again.stdout}${again.stderr}`).not.toContain('s3cret');
    // The SQLite file was only read, by both.
    expect(fingerprint(sqlite.database.path)).toEqual(before);
  }, 60_000);

  it("says PostgreSQL's own error, and what to do, to a role that may not create tables", async () => {
    const sqlite = await usedSqliteSite();
    const to = await roleWithoutCreate(postgresDatabaseFor(tempDir()));
    const copy = await runCopy(sqlite, '--to', to);
    expect(copy.code).toBe(1);
    expect(copy.err).toContain('db:copy failed, nothing was copied: Database migration failed:');
    expect(copy.err).toContain('permission denied for schema public (PostgreSQL error 42501)');
    expect(copy.err).toContain(`OWNER TO "${new URL(to).username}"`);
  }, 30_000);

  it('refuses a password on its command line, and takes --to without one (PGPASSWORD gives it)', async () => {
    const sqlite = await usedSqliteSite();
    const target = new URL(postgresDatabaseFor(tempDir()));
    target.password = 's3cret-Passw0rd';
    const shown = await runCli({ DATABASE_PATH: sqlite.database.path }, '--to', target.href);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain('db:copy refuses a password on its command line');
    expect(shown.stderr).toContain('DATABASE_URL');
    expect(shown.stderr).toContain('PGPASSWORD');
    expect(`${shown.stdout}${shown.stderr}`).not.toContain('s3cret');

    target.password = '';
    const copied = await runCli(
      { DATABASE_PATH: sqlite.database.path, PGPASSWORD: 's3cret-Passw0rd' },
      '--to',
      target.href,
    );
    expect(copied.stderr).not.toContain('refuse');
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(/^quote_requests +3 +3$/m);
  }, 60_000);

  it('wants a PostgreSQL URL', async () => {
    const config = testConfig();
    const missing = await runCopy({ ...config, database: { ...config.database, url: undefined } });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(
      'db:copy copies into DATABASE_URL: set it (in the environment file), or give --to.',
    );
    const wrong = await runCopy(config, '--to', 'mysql://site:pw@db.example.com/site');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--to must be a PostgreSQL URL');
    expect(wrong.err).not.toContain('pw@');
  });

  it("refuses a SQLite file that is missing, not this site's, or in use by a server, and copies nothing", async () => {
    const config = testConfig();
    const dir = tempDir();
    const target = postgresDatabaseFor(tempDir());
    const withFile = (path: string) => ({ ...config, database: { ...config.database, path } });

    const missing = await runCopy(withFile(join(dir, 'none.db')), '--to', target);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('db:copy refused: Cannot open the SQLite database');

    const other = join(dir, 'other.db');
    openSqlite(other).exec('CREATE TABLE notes (text)');
    const notOurs = await runCopy(withFile(other), '--to', target);
    expect(notOurs.code).toBe(1);
    expect(notOurs.err).toContain(`db:copy refused: ${other} is not a database of this site`);

    const release = holdDatabase(other);
    try {
      const held = await runCopy(withFile(other), '--to', target);
      expect(held.code).toBe(1);
      expect(held.err).toContain(`db:copy refused: A server (process ${process.pid}) is using ${other}`);
    } finally {
      release();
    }
  });
});
