import pg from 'pg';
import { vi } from 'vitest';
import type { Storage } from '../db/database.ts';

/**
 * Records the SQL of every statement sent to the database from now on, lower-cased, until `stop`:
 * on SQLite each one prepared, on PostgreSQL each query of any connection (BEGIN and COMMIT too).
 */
export function statementLog(storage: Pick<Storage, 'sqlite'>) {
  const statements: string[] = [];
  const note = (text: unknown) => {
    if (typeof text === 'string') statements.push(text.toLowerCase());
  };
  const { sqlite } = storage;
  if (sqlite) {
    const prepare = sqlite.prepare.bind(sqlite);
    const spy = vi.spyOn(sqlite, 'prepare').mockImplementation(((source: string) => {
      note(source);
      return prepare(source);
    }) as typeof sqlite.prepare);
    return { statements, stop: () => spy.mockRestore() };
  }
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: Parameters<typeof query>
  ) {
    note(args[0]);
    return query.apply(this, args);
  } as typeof query);
  return { statements, stop: () => spy.mockRestore() };
}
