import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { openSqliteStorage, SQLITE_JOURNAL_SIZE_LIMIT } from './sqlite-storage.ts';

describe('the SQLite write-ahead log', () => {
  it('shrinks back to journal_size_limit after a checkpoint, however large a quote made it', async () => {
    const path = join(tempDir(), 'leads.db');
    const storage = await openSqliteStorage({ path, busyTimeoutMs: 1_000, migrations: {} });
    try {
      const sqlite = sqliteOf(storage);
      sqlite.exec('CREATE TABLE blobs (content BLOB)');
      const insert = sqlite.prepare('INSERT INTO blobs VALUES (?)');
      // One transaction larger than the limit, as 25 MB files in parallel quotes make.
      const megabytes = Math.ceil(SQLITE_JOURNAL_SIZE_LIMIT / 2 ** 20) + 8;
      sqlite.transaction(() => {
        for (let index = 0; index < megabytes; index++) insert.run(Buffer.alloc(2 ** 20, index));
      })();
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(SQLITE_JOURNAL_SIZE_LIMIT);

      await sql`DELETE FROM blobs`.execute(storage.db);
      sqlite.pragma('wal_checkpoint(PASSIVE)');
      insert.run(Buffer.from('the next quote'));
      expect(statSync(`${path}-wal`).size).toBeLessThanOrEqual(SQLITE_JOURNAL_SIZE_LIMIT);
    } finally {
      await storage.close();
    }
  });
});
