import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { restoreBackup, takeBackup } from './ops/backups.ts';
import { serverHolding } from './ops/server-lock.ts';
import { testApp, testConfig } from './test/test-app.ts';

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

    const { app } = await testApp({ config });
    expect(serverHolding(config.database.path)).toEqual({ pid: process.pid });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await app.close();
    expect(serverHolding(config.database.path)).toBeUndefined();
  });
});
