/**
 * Several instances of the server as real processes (server/main.ts) on one
 * PostgreSQL database, for the fault tests (docs/load-and-faults.md): each on its own free
 * loopback port, all with the same DATABASE_URL, REDIS_URL and SMTP_URL.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterEach } from 'vitest';
import { startServer, stopServer, type RunningServer } from './server-process.ts';
import { fakeSite } from './temp-dir.ts';

export interface InstanceSettings {
  /** A directory of the test's own (the fake site, each instance's mail files). */
  dir: string;
  databaseUrl: string;
  redisUrl?: string;
  smtpUrl?: string;
  /** More variables, or other values. */
  env?: Record<string, string>;
}

const running: RunningServer[] = [];

// Whatever a test leaves running is stopped after it (SIGKILL: its data no longer matters).
afterEach(async () => {
  for (const server of running.splice(0)) await stopServer(server, 'SIGKILL');
});

/** The environment of instance number `index`. */
function instanceEnv(settings: InstanceSettings, index: number): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    SITE_DIR: fakeSite(settings.dir),
    DATABASE_URL: settings.databaseUrl,
    // Never used on PostgreSQL; each instance its own, so that nothing is shared through a disk.
    DATABASE_PATH: join(settings.dir, `instance-${index}`, 'site.db'),
    BACKUP_DIR: join(settings.dir, `instance-${index}`, 'backups'),
    MAIL_DIR: join(settings.dir, `instance-${index}`, 'mail'),
    RATE_LIMIT_MAX: '1000000',
    OUTBOX_POLL_MS: '100',
    OUTBOX_RETRY_BASE_MS: '100',
    OUTBOX_RETRY_MAX_MS: '500',
    OUTBOX_MAX_ATTEMPTS: '100',
    ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
    ...(settings.smtpUrl ? { SMTP_URL: settings.smtpUrl } : {}),
    ...settings.env,
  };
}

/** Starts `count` instances at the same moment and waits until each listens; stopped after the test. */
export async function startInstances(settings: InstanceSettings, count: number): Promise<RunningServer[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => startServer({ env: instanceEnv(settings, index) })),
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    for (const result of started) if (result.status === 'fulfilled') result.value.child.kill('SIGKILL');
    throw failed.reason;
  }
  const instances = started.map((result) => (result as PromiseFulfilledResult<RunningServer>).value);
  running.push(...instances);
  return instances;
}

/** Runs one query on its own connection (the test's view of the database, apart from the servers'). */
export async function query<Row extends object>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** How many leads each email address has in the database. */
export async function leadsByEmail(url: string): Promise<Map<string, number>> {
  const rows = await query<{ email: string; count: string }>(
    url,
    'select email, count(*)::text as count from quote_requests group by email',
  );
  return new Map(rows.map((row) => [row.email, Number(row.count)]));
}

/** The lines a server wrote at level error (50) or above, and anything it wrote that is not a log line. */
export function errorLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return true;
      }
    });
}
