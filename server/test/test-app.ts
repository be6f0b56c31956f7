import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { postgresDatabaseFor, testDatabase } from './database-kind.ts';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from './smtp-sink.ts';
import { fakeSite, tempDir } from './temp-dir.ts';

const apps: FastifyInstance[] = [];
const sinks: SmtpSink[] = [];

afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  for (const sink of sinks.splice(0)) await sink.close();
});

/** A real SMTP server on loopback (see smtp-sink.ts), closed after the test. */
export async function testSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink = await startSmtpSink(options);
  sinks.push(sink);
  return sink;
}

/**
 * A configuration in a fresh temp directory, fast timings, and the given variables on top. In the
 * postgres project (TEST_DATABASE=postgres), a fresh database on the shared cluster for that directory.
 */
export function testConfig(env: Record<string, string> = {}, dir = tempDir()): Config {
  return configIn(dir, env, { migrated: false });
}

function configIn(dir: string, env: Record<string, string>, database: { migrated: boolean }): Config {
  if (database.migrated && testDatabase === 'sqlite') copyMigratedSqlite(join(dir, 'data', 'site.db'));
  return loadConfig({
    SITE_DIR: fakeSite(dir),
    DATABASE_PATH: join(dir, 'data', 'site.db'),
    ...(testDatabase === 'postgres' ? { DATABASE_URL: postgresDatabaseFor(dir, database) } : {}),
    MAIL_DIR: join(dir, 'data', 'mail'),
    BACKUP_DIR: join(dir, 'data', 'backups'),
    MAIL_FROM: 'Acme Tech <quotes@acme.test>',
    MAIL_TO: 'sales@acme.test',
    SITE_URL: 'https://www.acme.test',
    RATE_LIMIT_MAX: '1000',
    NEWSLETTER_RATE_LIMIT_MAX: '1000',
    ADMIN_SIGN_IN_RATE_LIMIT_MAX: '1000',
    DATABASE_BUSY_TIMEOUT_MS: '50',
    OUTBOX_POLL_MS: '20',
    OUTBOX_RETRY_BASE_MS: '10',
    OUTBOX_RETRY_MAX_MS: '40',
    SMTP_CONNECTION_TIMEOUT_MS: '2000',
    SMTP_GREETING_TIMEOUT_MS: '2000',
    SMTP_SOCKET_TIMEOUT_MS: '2000',
    // A loaded test machine may lag a second: the overload guard (its own test sets its limits) must
    // not answer 503 to a test about something else.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '10000',
    ...env,
  });
}

/**
 * The node project's migrated SQLite file (sqlite-global-setup.ts), copied where a test app's database
 * goes, unless a file is there already.
 */
function copyMigratedSqlite(path: string) {
  const template = inject('sqliteMigratedTemplate');
  if (!template || existsSync(path)) return;
  // As the server makes them: its folder 0700, its file 0600 (health.test.ts checks both).
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  copyFileSync(template, path);
  chmodSync(path, 0o600);
}

/** buildApp, closed after the test. */
export async function testApp(options: Partial<AppOptions> & { env?: Record<string, string> } = {}) {
  const { env, ...rest } = options;
  // Its server migrates at start: a copy of the migrated template (either database) saves running them all.
  const config = rest.config ?? configIn(tempDir(), env ?? {}, { migrated: true });
  const app = await buildApp({ logger: false, startOutbox: false, startMaintenance: false, ...rest, config });
  apps.push(app);
  await app.ready();
  return { app, config };
}
