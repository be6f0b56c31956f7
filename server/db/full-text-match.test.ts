import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { openStorage, type Storage } from './database.ts';
import type { Database } from './database-tables.ts';
import type { FullTextIndex, FullTextSearch } from './full-text-match.ts';

/** A table of notes with a full-text index in each database's form, as a feature's migrations make one. */
type Notes = { notes: { id: number; body: string; code: string } };

const NOTES: [id: number, body: string, code: string][] = [
  [1, 'Priya wants a saree shop', '9876543210'],
  [2, 'Rahul has a kirana store', '01612456789'],
  [3, 'Priyanka runs a café', '5550000'],
  [4, 'Nothing to see', '1112222'],
  [5, 'Priya again, for the shop', '3334444'],
];

/** Every ending of a text, as SQLite's index holds a column searched for substrings. */
const endings = (text: string) => [...text].map((_, i) => text.slice(i)).join(' ');

const INDEX: FullTextIndex = {
  table: 'notes',
  fts5Table: 'notes_search',
  tsvectorColumn: 'words',
  fold: 'lower',
  substrings: { column: 'code', endingsColumn: 'code_endings' },
};

const migrations = {
  sqlite: {
    '001-notes': {
      async up(db: Kysely<unknown>) {
        await sql`create table notes (id integer primary key, body text not null, code text not null)`.execute(
          db,
        );
        await sql`create virtual table notes_search using fts5(body, code_endings)`.execute(db);
        for (const [id, body, code] of NOTES) {
          await sql`insert into notes values (${id}, ${body}, ${code})`.execute(db);
          await sql`insert into notes_search (rowid, body, code_endings) values (${id}, ${body}, ${endings(code)})`.execute(
            db,
          );
        }
      },
    },
  },
  postgres: {
    '001-notes': {
      async up(db: Kysely<unknown>) {
        await sql`create table notes (id integer primary key, body text not null, code text not null,
          words tsvector generated always as (to_tsvector('simple'::regconfig, lower(body))) stored)`.execute(
          db,
        );
        for (const [id, body, code] of NOTES)
          await sql`insert into notes values (${id}, ${body}, ${code})`.execute(db);
      },
    },
  },
};

describe(`a full-text search (Storage), on ${testDatabase}`, () => {
  let storage: Storage;
  let db: Kysely<Database & Notes>;
  beforeAll(async () => {
    const { database } = testConfig();
    storage = await openStorage({ ...database, migrations });
    db = storage.db.withTables<Notes>();
  });
  afterAll(() => storage.close());

  const found = async (search: FullTextSearch) => {
    const rows = await db
      .selectFrom('notes')
      .select('id')
      .where(storage.fullTextMatch(INDEX, search))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  };

  it('finds every row holding each word, as a word or the start of one, in any case', async () => {
    expect(await found({ words: [['pri']], substrings: [] })).toEqual([1, 3, 5]);
    expect(await found({ words: [['PRIYA', 'shop']], substrings: [] })).toEqual([1, 5]);
    expect(await found({ words: [['rahul', 'saree']], substrings: [] })).toEqual([]);
  });

  it('finds the rows of any of its lists of words, or holding a substring anywhere in a column', async () => {
    expect(await found({ words: [['zzz'], ['kirana']], substrings: [] })).toEqual([2]);
    expect(await found({ words: [['zzz']], substrings: ['2456', '0000'] })).toEqual([2, 3]);
    expect(await found({ words: [['nothing']], substrings: ['76543'] })).toEqual([1, 4]);
  });

  it('takes quotes and operators in a word as letters, never as search syntax', async () => {
    expect(await found({ words: [[`priya" OR "rahul`], [`x' | 'rahul`]], substrings: [] })).toEqual([]);
  });

  it('gives the newest matches of a select, a page at a time, with the select’s columns only', async () => {
    const newest = (count: number, below = 99) =>
      storage.newestFullTextMatches(
        db.selectFrom('notes').select(['id', 'body', 'code']).where('notes.id', '<', below),
        INDEX,
        { words: [['shop']], substrings: [] },
        count,
      );
    // A full page, and one with fewer matches than asked for (each database may find them another way).
    expect((await newest(1)).map((row) => row.id)).toEqual([5]);
    expect((await newest(10)).map((row) => row.id)).toEqual([5, 1]);
    expect((await newest(10, 5)).map((row) => row.id)).toEqual([1]);
    expect(await newest(1)).toEqual([{ id: 5, body: 'Priya again, for the shop', code: '3334444' }]);
  });
});
