import type SQLite from 'better-sqlite3';
import type { Storage } from '../db/database.ts';

/** The SQLite connection under a storage, for a test that reads or breaks the file itself. */
export function sqliteOf(storage: Pick<Storage, 'sqlite'>): SQLite.Database {
  if (!storage.sqlite) throw new Error('This test works on the SQLite file itself: run it on SQLite.');
  return storage.sqlite;
}
