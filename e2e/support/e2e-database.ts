/** Reading the end-to-end server's database from outside, as an operator would. */
import { openSqlite } from '../../server/db/sqlite-open.ts';
import { E2E_DATABASE_PATH } from './e2e-env.ts';

/** The rows of one query, read-only. */
export function queryDatabase<Row>(sql: string, ...parameters: unknown[]): Row[] {
  const db = openSqlite(E2E_DATABASE_PATH, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...parameters) as Row[];
  } finally {
    db.close();
  }
}
