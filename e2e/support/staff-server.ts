/**
 * A server of the staff specs' own: the built server (build/node/server/main.js) with a database, a mail
 * folder and a port of its own, one per Playwright worker. A worker runs its tests one after another, so
 * each test may empty the database and seed exactly what it needs: the inbox's counts, its order, its
 * banner and its activity log are the test's alone, whatever runs beside it in other workers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import { freePort } from '../../server/test/free-port.ts';

export interface StaffServer {
  /** http://localhost:<port>: the origin passkeys are bound to. */
  url: string;
  databasePath: string;
  /** What the server printed since `since` (an offset from an earlier call); errors and warnings. */
  log: (since?: number) => { text: string; end: number };
  stop: () => Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the staff server did not start:\n${output().slice(-4000)}`);
}

/**
 * `env` replaces some of the settings below, e.g. a real SMTP sink and a quick outbox for a spec that
 * follows emails out of the server.
 */
/**
 * Attaches what the server printed during a test to that test's report when it failed, so a 500 seen
 * in a trace comes with the server's own account of it. Call with the offset taken when the test began.
 */
export async function attachServerLog(server: StaffServer, since: number, testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus) return;
  const { text } = server.log(since);
  if (text) await testInfo.attach('server-log', { body: text, contentType: 'text/plain' });
}

export async function startStaffServer(
  name: string,
  timeZone: string,
  env: Record<string, string> = {},
): Promise<StaffServer> {
  const dataDir = join('test-results', 'e2e-staff', name);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const databasePath = join(dataDir, 'site.db');
  let output = '';
  const child = spawn(process.execPath, ['build/node/server/main.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOST: 'localhost',
      PORT: String(port),
      SITE_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_PATH: databasePath,
      MAIL_DIR: join(dataDir, 'mail'),
      // A mail server that refuses every connection: an email the outbox tries stays waiting, as seeded,
      // instead of being written to a file while a test looks at it.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_FROM: 'Acme Tech Quotes <quotes@example.com>',
      MAIL_TO: 'sales@acme.example',
      ADMIN_TIME_ZONE: timeZone,
      // The outbox works when told to (a retry), never on its own in the middle of a test.
      OUTBOX_POLL_MS: '3600000',
      // Seeded spam is old; nothing is purged behind a test's back.
      SPAM_RETENTION_DAYS: '0',
      RATE_LIMIT_MAX: '10000',
      NEWSLETTER_RATE_LIMIT_MAX: '10000',
      ADMIN_SIGN_IN_RATE_LIMIT_MAX: '10000',
      // A loaded CI machine may lag a second: no 503 from the overload guard in a test of something else.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '10000',
      ...env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A worker that ends abruptly takes its server with it.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  await waitUntilUp(url, child, () => output);
  return {
    url,
    databasePath,
    log: (since = 0) => ({ text: output.slice(since), end: output.length }),
    stop: async () => {
      process.off('exit', orphaned);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
