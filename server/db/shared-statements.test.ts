import type { Transaction } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { sqliteOnly } from '../test/database-kind.ts';
import { openNotesStorage, type NotesDatabase } from '../test/notes-storage.ts';
import type { Storage } from './database.ts';
import { createWriteQueue } from './write-queue.ts';

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

async function openNotes() {
  const { db } = await openNotesStorage(opened, 1_000);
  const names = () => db.selectFrom('notes').select('name').orderBy('id').execute();
  return { db, names };
}

/** A shared statement that writes every row given in one INSERT, and remembers each call's rows. */
function notesTogether(calls: string[][]) {
  return async (
    trx: Transaction<NotesDatabase>,
    rows: readonly string[],
  ): Promise<(number | undefined)[]> => {
    calls.push([...rows]);
    const written = await trx
      .insertInto('notes')
      .values(rows.map((name) => ({ name })))
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning(['id', 'name'])
      .execute();
    return rows.map((name) => written.find((row) => row.name === name)?.id);
  };
}

/** A job's own write of its note, when no shared statement wrote it. */
const writeAlone = async (trx: Transaction<NotesDatabase>, name: string) =>
  (await trx.insertInto('notes').values({ name }).returning('id').executeTakeFirstOrThrow()).id;

// The queue itself (no database feature): on SQLite, as write-queue.test.ts. The leads' use of it on
// PostgreSQL: leads/lead-intake-shared.test.ts.
sqliteOnly('a statement shared by the jobs of a write group', () => {
  it('writes the rows of a group’s jobs in one statement, in the order queued, and gives each job its own', async () => {
    const { db, names } = await openNotes();
    const calls: string[][] = [];
    const together = notesTogether(calls);
    const queue = createWriteQueue(db);
    const given = await Promise.all(
      ['ann', 'bob', 'cy'].map((name) =>
        queue.runSharing(together, name, async (_trx, id) => ({ name, id })),
      ),
    );
    expect(calls).toEqual([['ann', 'bob', 'cy']]);
    const stored = await db.selectFrom('notes').select(['id', 'name']).execute();
    expect(given).toEqual(
      ['ann', 'bob', 'cy'].map((name) => ({ name, id: stored.find((row) => row.name === name)?.id })),
    );
    expect((await names()).map((row) => row.name)).toEqual(['ann', 'bob', 'cy']);
  });

  it('leaves a job alone in its group to write its row itself, and a row the statement skipped to its job', async () => {
    const { db, names } = await openNotes();
    const calls: string[][] = [];
    const together = notesTogether(calls);
    const queue = createWriteQueue(db);

    const alone = await queue.runSharing(together, 'solo', async (trx, id) => id ?? writeAlone(trx, 'solo'));
    expect(calls).toEqual([]);
    expect(alone).toBeGreaterThan(0);

    // "solo" is taken: the statement skips it (ON CONFLICT), and its job writes another name.
    const given = await Promise.all([
      queue.runSharing(together, 'solo', async (trx, id) => id ?? writeAlone(trx, 'solo 2')),
      queue.runSharing(together, 'duo', async (trx, id) => id ?? writeAlone(trx, 'never')),
    ]);
    expect(calls).toEqual([['solo', 'duo']]);
    expect(given.every((id) => id > alone)).toBe(true);
    expect((await names()).map((row) => row.name)).toEqual(['solo', 'duo', 'solo 2']);
  });

  it('writes a group again job by job when one job fails: the others are kept once each, the failing one is undone', async () => {
    const { db, names } = await openNotes();
    const calls: string[][] = [];
    const together = notesTogether(calls);
    const queue = createWriteQueue(db);
    const givenShared: (number | undefined)[] = [];
    const results = await Promise.allSettled(
      ['ann', 'bad', 'cy'].map((name) =>
        queue.runSharing(together, name, async (trx, id) => {
          givenShared.push(id);
          const own = id ?? (await writeAlone(trx, name));
          if (name === 'bad') throw new Error('this job has a bug');
          return own;
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Together once (until "bad" failed; undone with the group), then each job alone, given nothing.
    expect(calls).toEqual([['ann', 'bad', 'cy']]);
    expect(givenShared).toEqual([expect.any(Number), expect.any(Number), undefined, undefined, undefined]);
    expect((await names()).map((row) => row.name)).toEqual(['ann', 'cy']);
  });
});
