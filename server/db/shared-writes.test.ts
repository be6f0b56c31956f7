import type { Transaction } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { sqliteOnly } from '../test/database-kind.ts';
import { openNotesStorage, type NotesDatabase } from '../test/notes-storage.ts';
import type { Storage } from './database.ts';
import { plainWrites, sharedWrites } from './shared-writes.ts';
import { isTransactionConflict } from './storage-errors.ts';
import { createWriteQueue } from './write-queue.ts';

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

async function openNotes() {
  const { db } = await openNotesStorage(opened, 1_000);
  const names = async () =>
    (await db.selectFrom('notes').select('name').orderBy('id').execute()).map((row) => row.name);
  return { db, names };
}

/** A shared statement that writes every row given in one INSERT, and counts its calls. */
function notesTogether(calls: string[][]) {
  return async (trx: Transaction<NotesDatabase>, rows: readonly string[]) => {
    calls.push([...rows]);
    const written = await trx
      .insertInto('notes')
      .values(rows.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
    return rows.map((name) => written.find((row) => row.name === name)?.id);
  };
}

const writeAlone = async (trx: Transaction<NotesDatabase>, name: string) =>
  (await trx.insertInto('notes').values({ name }).returning('id').executeTakeFirstOrThrow()).id;

// The queue and its capabilities know no database feature: on SQLite's file, as write-queue.test.ts.
sqliteOnly("Storage's batched write (writeSharing)", () => {
  it('is a plain job by default: the shared statement never runs, and each job writes its own row', async () => {
    const { db, names } = await openNotes();
    const calls: string[][] = [];
    const { writeSharing } = plainWrites(createWriteQueue(db));
    const ids = await Promise.all(
      ['ann', 'bo', 'cy'].map((name) =>
        writeSharing(notesTogether(calls), name, async (trx, shared) => shared ?? writeAlone(trx, name)),
      ),
    );
    expect(calls).toEqual([]);
    expect(new Set(ids).size).toBe(3);
    expect(await names()).toEqual(['ann', 'bo', 'cy']);
  });

  it("shares one statement among a group's jobs where the database asks for it", async () => {
    const { db, names } = await openNotes();
    const calls: string[][] = [];
    const together = notesTogether(calls);
    const { writeSharing } = sharedWrites(createWriteQueue(db));
    const given = await Promise.all(
      ['ann', 'bo', 'cy'].map((name) => writeSharing(together, name, async (_trx, shared) => shared)),
    );
    expect(calls).toEqual([['ann', 'bo', 'cy']]);
    expect(given).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect(await names()).toEqual(['ann', 'bo', 'cy']);
  });

  it.each([
    ['the default path', plainWrites],
    ['the shared statement', sharedWrites],
  ] as const)(
    'may run a queued job twice (%s): its group is undone and written again after a conflict, and only the last run is kept',
    async (_path, capability) => {
      const { db, names } = await openNotes();
      const { writeSharing } = capability(createWriteQueue(db, { retryable: isTransactionConflict }));
      const runs = { innocent: 0, conflicting: 0 };
      const together = notesTogether([]);
      await Promise.all([
        writeSharing(together, 'innocent', async (trx, shared) => {
          runs.innocent++;
          return shared ?? writeAlone(trx, 'innocent');
        }),
        writeSharing(together, 'conflicting', async (trx, shared) => {
          const id = shared ?? (await writeAlone(trx, 'conflicting'));
          // PostgreSQL's serialization failure, as another instance's transaction would cause it.
          if (++runs.conflicting === 1)
            throw Object.assign(new Error('could not serialize'), { code: '40001' });
          return id;
        }),
      ]);
      // The job that did nothing wrong ran again with its group; its first run left nothing behind
      // (the names are unique: a row kept from it would have failed the second run).
      expect(runs).toEqual({ innocent: 2, conflicting: 2 });
      expect(await names()).toEqual(['innocent', 'conflicting']);
    },
  );
});
