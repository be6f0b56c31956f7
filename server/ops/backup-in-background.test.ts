import { openSqlite } from '../db/sqlite-open.ts';
import type * as WorkerThreads from 'node:worker_threads';
import { threadId as mainThreadId, type Worker } from 'node:worker_threads';
import { expect, it, vi } from 'vitest';
import { injectQuote } from '../test/form-request.ts';
import { sqliteOnly } from '../test/database-kind.ts';
import { testApp } from '../test/test-app.ts';
import { takeBackupInBackground } from './backup-in-background.ts';
import { checkDatabaseFile, listBackups } from './backups.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

/** Every thread the code under test starts, and the messages each posts back to this one. */
const threads = vi.hoisted(() => [] as { worker: Worker; messages: unknown[] }[]);

vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>();
  class RecordedWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      const thread = { worker: this as Worker, messages: [] as unknown[] };
      this.on('message', (message: unknown) => thread.messages.push(message));
      threads.push(thread);
    }
  }
  return { ...real, Worker: RecordedWorker };
});

/** About 20 MB more rows, so that a copy and its checks take a while. */
function makeBig(databasePath: string) {
  const db = openSqlite(databasePath);
  try {
    db.exec(`CREATE TABLE ballast (bytes BLOB);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO ballast SELECT randomblob(4000) FROM n;`);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * Asks the server for its health, one request after the other, while `work` runs: a thread busy with a
 * synchronous copy answers none of them until the copy is done. Counted, not timed.
 */
async function watchMainThread<T>(app: App, work: () => Promise<T>) {
  let done = false;
  let answered = 0;
  const asking = (async () => {
    while (!done) {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      if (!done && health.statusCode === 200) answered++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    const result = await work();
    const whileWorking = answered;
    return { result, answered: whileWorking };
  } finally {
    done = true;
    await asking;
  }
}

// On PostgreSQL the server's backups are pg_dump, a process of its own (postgres-backups.ts).
sqliteOnly("the server's own backups on SQLite", () => {
  it(
    'run on a thread of their own: while a big database is copied, the server answers at once',
    { timeout: 30_000 },
    async () => {
      const { app, config } = await testApp();
      for (let lead = 0; lead < 3; lead++) {
        expect((await injectQuote(app)).body).toBe('success');
      }
      await app.storage.write.flush();
      makeBig(config.database.path);
      threads.length = 0;

      const { result: report, ...watched } = await watchMainThread(app, () =>
        takeBackupInBackground({
          databasePath: config.database.path,
          mailDir: config.mail.dir,
          backupDir: config.backup.dir,
          at: new Date('2026-11-24T09:00:00Z'),
          busyTimeoutMs: config.database.busyTimeoutMs,
        }),
      );

      expect(report.counts.quote_requests).toBe(3);
      expect(report.counts.ballast).toBe(5_000);
      expect(report.bytes).toBeGreaterThan(20_000_000);
      expect(checkDatabaseFile(report.file).quote_requests).toBe(3);
      expect(listBackups(config.backup.dir, 'db').map(({ file }) => file)).toEqual([report.file]);

      // The report came from another thread, which the backup started...
      expect(threads).toHaveLength(1);
      const [thread] = threads;
      expect(thread?.worker.threadId).not.toBe(mainThreadId);
      expect(thread?.messages).toEqual([{ report }]);
      // ...and while it copied, this thread kept answering health checks, one after the other. On this
      // thread, the copy would have held every request until it was done.
      expect(watched.answered).toBeGreaterThanOrEqual(5);
    },
  );

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
    expect(listBackups(config.backup.dir, 'db')).toEqual([]);
  });
});
