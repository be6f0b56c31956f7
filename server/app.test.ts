import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { PER_INSTANCE_LIMITS } from './app-resources.ts';
import { testDatabase } from './test/database-kind.ts';
import { restoreBackup, takeBackup } from './ops/backups.ts';
import { serverHolding } from './ops/server-lock.ts';
import { testApp, testConfig } from './test/test-app.ts';

/** The server's connections to its PostgreSQL database (application_name acme-site). */
async function appConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and application_name = 'acme-site'`,
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

describe('buildApp', () => {
  it('lets go of the database when a start fails part-way: npm run restore and a second server can take it', async () => {
    const config = testConfig();
    const failing = buildApp({
      config,
      logger: false,
      startOutbox: false,
      startMaintenance: false,
      // A feature's plugin throws after the database was opened and held.
      onRoute: (route) => {
        if (route.url === '/api/quote') throw new Error('the quote routes cannot be registered');
      },
    });
    await expect(failing).rejects.toThrow('the quote routes cannot be registered');

    if (config.database.url) {
      // PostgreSQL: the failed start's pool is closed, none of its connections is left open.
      expect(await appConnections(config.database.url)).toBe(0);
    } else {
      expect(serverHolding(config.database.path)).toBeUndefined();
      // The last connection to close checkpoints the write-ahead log and removes it.
      expect(existsSync(`${config.database.path}-wal`)).toBe(false);
      const { file } = takeBackup({
        databasePath: config.database.path,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date('2026-11-24T09:00:00.000Z'),
        busyTimeoutMs: 1_000,
      });
      expect(() =>
        restoreBackup({ file, databasePath: config.database.path, mailDir: config.mail.dir, at: new Date() }),
      ).not.toThrow();
    }

    const { app } = await testApp({ config });
    if (!config.database.url) expect(serverHolding(config.database.path)).toEqual({ pid: process.pid });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await app.close();
    if (config.database.url) expect(await appConnections(config.database.url)).toBe(0);
    else expect(serverHolding(config.database.path)).toBeUndefined();
  });

  it('warns once at start when PostgreSQL runs without Redis: each instance then counts its own rate limits', async () => {
    const started = async (env: Record<string, string>) => {
      const lines: string[] = [];
      await testApp({ logger: true, logStream: { write: (line) => void lines.push(line) }, env });
      return lines.filter((line) => line.includes('REDIS_URL is not')).map((line) => JSON.parse(line).msg);
    };
    expect(await started({})).toEqual(testDatabase === 'postgres' ? [PER_INSTANCE_LIMITS] : []);
    // With Redis (here one that is not running: still no failed start), the limits are shared.
    expect(await started({ REDIS_URL: 'redis://127.0.0.1:9' })).toEqual([]);
  });
});
