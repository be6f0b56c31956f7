import { openSqlite } from './sqlite-open.ts';
import { afterEach, expect, it } from 'vitest';
import type { Storage } from './database.ts';
import { isStorageUnavailable, isTransactionConflict } from './storage-errors.ts';
import { createWriteQueue } from './write-queue.ts';
import { openNotesStorage } from '../test/notes-storage.ts';
import { sqliteOnly } from '../test/database-kind.ts';

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

const storage = () => openNotesStorage(opened, 50);

const note = (name: string) => ({ name });

/** What another process sees: only committed rows. */
function committedNames(path: string): string[] {
  const reader = openSqlite(path, { readonly: true });
  try {
    return reader.prepare('SELECT name FROM notes ORDER BY id').pluck().all() as string[];
  } finally {
    reader.close();
  }
}

// On SQLite, whose file another connection reads; PostgreSQL's groups: leads/lead-intake-statements.test.ts.
sqliteOnly('the write queue (group commit)', () => {
  it('writes jobs that arrive together in one transaction, and answers each only once it is committed', async () => {
    const { db, sqlite } = await storage();
    const commits: number[] = [];
    const queue = createWriteQueue(db, { onCommit: (jobs) => commits.push(jobs) });
    const seenAtAnswer: string[][] = [];

    const names = Array.from({ length: 20 }, (_, index) => `visitor${index}`);
    const ids = await Promise.all(
      names.map((name) =>
        queue
          .run((trx) => trx.insertInto('notes').values(note(name)).returning('id').executeTakeFirstOrThrow())
          .then((row) => {
            // When a caller hears "written", another connection can already read it.
            seenAtAnswer.push(committedNames(sqlite.name));
            return row.id;
          }),
      ),
    );

    expect(commits).toEqual([20]);
    expect(new Set(ids).size).toBe(20);
    for (const seen of seenAtAnswer) expect(seen).toEqual(names);
  });

  it('undoes a failing job alone: the rest of its group is still written', async () => {
    const { db, sqlite } = await storage();
    const commits: number[] = [];
    const queue = createWriteQueue(db, { onCommit: (jobs) => commits.push(jobs) });

    const results = await Promise.allSettled([
      queue.run((trx) => trx.insertInto('notes').values(note('first')).execute()),
      queue.run(async (trx) => {
        await trx.insertInto('notes').values(note('half-done')).execute();
        // NOT NULL violated: a bug in one job, not a storage failure.
        await trx
          .insertInto('notes')
          .values({ ...note('broken'), name: null as unknown as string })
          .execute();
      }),
      queue.run((trx) => trx.insertInto('notes').values(note('third')).execute()),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failure = (results[1] as PromiseRejectedResult).reason as { code?: string };
    expect(failure.code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(isStorageUnavailable(failure)).toBe(false);
    expect(commits).toEqual([3]);
    expect(committedNames(sqlite.name)).toEqual(['first', 'third']);
  });

  it('writes a group again, whole, when the database undid it for a conflict with another writer', async () => {
    const { db, sqlite } = await storage();
    const commits: number[] = [];
    const queue = createWriteQueue(db, {
      retryable: isTransactionConflict,
      onCommit: (jobs) => commits.push(jobs),
    });
    let runs = 0;
    const results = await Promise.allSettled([
      queue.run((trx) => trx.insertInto('notes').values(note('first')).execute()),
      queue.run(async (trx) => {
        await trx.insertInto('notes').values(note('second')).execute();
        // PostgreSQL's "deadlock detected" (another instance's group locked the same keys the other way round).
        if (++runs === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(2);
    expect(commits).toEqual([2]);
    expect(committedNames(sqlite.name)).toEqual(['first', 'second']);
  });

  it('refuses the whole group when storage fails, keeps nothing of it, and works again afterwards', async () => {
    const { db, sqlite } = await storage();
    const queue = createWriteQueue(db);
    const other = openSqlite(sqlite.name);
    other.exec('BEGIN EXCLUSIVE'); // another process holds the database
    try {
      const results = await Promise.allSettled(
        ['a', 'b', 'c'].map((name) =>
          queue.run((trx) => trx.insertInto('notes').values(note(name)).execute()),
        ),
      );
      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect(isStorageUnavailable((result as PromiseRejectedResult).reason)).toBe(true);
      }
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await queue.run((trx) => trx.insertInto('notes').values(note('later')).execute());
    expect(committedNames(sqlite.name)).toEqual(['later']);
  });

  it('writes what is queued when closed, then refuses new jobs as "storage unavailable"', async () => {
    const { db, sqlite } = await storage();
    const queue = createWriteQueue(db);
    const queued = queue.run((trx) => trx.insertInto('notes').values(note('queued')).execute());
    await queue.close();
    await queued; // written, not refused
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(isStorageUnavailable(refused)).toBe(true);
    expect(committedNames(sqlite.name)).toEqual(['queued']);
  });

  it('keeps each group under the size limit, so one commit never holds the event loop for long', async () => {
    const { db } = await storage();
    const commits: number[] = [];
    const queue = createWriteQueue(db, { maxBatch: 8, onCommit: (jobs) => commits.push(jobs) });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        queue.run((trx) =>
          trx
            .insertInto('notes')
            .values(note(`v${index}`))
            .execute(),
        ),
      ),
    );
    expect(commits).toEqual([8, 8, 4]);
  });
});
