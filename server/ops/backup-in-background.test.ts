import { describe, expect, it } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { injectQuote } from '../test/form-request.ts';
import { takeBackupInBackground } from './backup-in-background.ts';
import { checkDatabaseFile, listBackups } from './backups.ts';

describe("the server's own backups", () => {
  it('are taken on a thread of their own: the server keeps answering meanwhile', async () => {
    const { app, config } = await testApp();
    for (let lead = 0; lead < 3; lead++) {
      expect((await injectQuote(app)).body).toBe('success');
    }
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 1);
    try {
      const report = await takeBackupInBackground({
        databasePath: config.database.path,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date('2026-11-24T09:00:00Z'),
        busyTimeoutMs: config.database.busyTimeoutMs,
      });
      // A backup on the server's own thread would let no timer run before it is done.
      expect(ticks).toBeGreaterThan(0);
      expect(report.counts.quote_requests).toBe(3);
      expect(checkDatabaseFile(report.file).quote_requests).toBe(3);
      expect(listBackups(config.backup.dir).map(({ file }) => file)).toEqual([report.file]);
    } finally {
      clearInterval(ticking);
    }
  });

  it('say why they failed', async () => {
    const { config } = await testApp();
    await expect(
      takeBackupInBackground({
        databasePath: `${config.database.path}.missing`,
        mailDir: config.mail.dir,
        backupDir: config.backup.dir,
        at: new Date('2026-11-24T09:00:00Z'),
        busyTimeoutMs: config.database.busyTimeoutMs,
      }),
    ).rejects.toThrow('unable to open database file');
    expect(listBackups(config.backup.dir)).toEqual([]);
  });
});
