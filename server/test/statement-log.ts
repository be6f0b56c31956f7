import pg from 'pg';
import { vi } from 'vitest';
import type { Storage } from '../db/database.ts';

/**
 * Records the SQL of every statement sent to the database from now on, lower-cased, until `stop`:
 * on SQLite each run of a prepared statement, on PostgreSQL each query of any connection (BEGIN and COMMIT too).
 */
export function statementLog(storage: Pick<Storage, 'sqlite'>) {
  const statements: string[] = [];
  /** Each statement as sent: its text, and on PostgreSQL its values (to EXPLAIN it again; none kept on SQLite). */
  const queries: { text: string; values: unknown[] }[] = [];
  const note = (query: unknown, values?: unknown) => {
    // A string, or pg's query config ({ name, text, values }) for a prepared statement.
    const config =
      typeof query === 'object' && query !== null ? (query as { text?: unknown; values?: unknown }) : {};
    const text = 'text' in config ? config.text : query;
    if (typeof text !== 'string') return;
    statements.push(text.toLowerCase());
    const sent = 'values' in config ? config.values : values;
    queries.push({ text, values: Array.isArray(sent) ? sent : [] });
  };
  const { sqlite } = storage;
  if (sqlite) {
    // Each run of a statement, prepared now or kept from before (the storage reuses them by their SQL).
    const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as {
      source: string;
      all(...args: unknown[]): unknown;
      run(...args: unknown[]): unknown;
    };
    const spies = (['all', 'run'] as const).map((method) => {
      const original = statement[method];
      return vi.spyOn(statement, method).mockImplementation(function (
        this: typeof statement,
        ...args: unknown[]
      ) {
        note(this.source);
        return original.apply(this, args);
      });
    });
    return { statements, queries, stop: () => spies.forEach((spy) => spy.mockRestore()) };
  }
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: Parameters<typeof query>
  ) {
    note(args[0], args[1]);
    return query.apply(this, args);
  } as typeof query);
  return { statements, queries, stop: () => spy.mockRestore() };
}
