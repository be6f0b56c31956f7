import { join } from 'node:path';
import type { Generated, Kysely } from 'kysely';
import { openStorage, type Storage } from '../db/database.ts';
import { sqliteOf } from './sqlite-of.ts';
import { tempDir } from './temp-dir.ts';

/** The write queue knows no table: its tests write to one of their own. */
export interface NotesDatabase {
  notes: { id: Generated<number>; name: string };
}

const migrations = {
  '0001-notes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('name', 'text', (column) => column.notNull().unique())
        .execute();
    },
  },
};

/** A SQLite storage in a temp dir with only the notes table; added to `opened`, for the test to close. */
export async function openNotesStorage(opened: Storage[], busyTimeoutMs: number) {
  const storage = await openStorage({
    path: join(tempDir(), 'site.db'),
    busyTimeoutMs,
    migrations: { sqlite: migrations, postgres: {} },
  });
  opened.push(storage);
  return { db: storage.db as unknown as Kysely<NotesDatabase>, sqlite: sqliteOf(storage) };
}
