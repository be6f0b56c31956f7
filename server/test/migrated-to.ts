import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openSqlite } from '../db/sqlite-open.ts';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from '../stores.ts';

/**
 * A database as an older release left it: the migrations up to `last` (by name) and no further,
 * filled with that release's rows by `fill` (or by the test afterwards), before the server upgrades it. PostgreSQL's when
 * `url` is given (DATABASE_URL), else the SQLite file at `path`. Throws if one fails.
 */
export async function migratedTo(
  database: { path: string; url?: string },
  last: string,
  fill?: (db: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (!database.url) mkdirSync(dirname(database.path), { recursive: true });
  const db = new Kysely<unknown>({
    dialect: database.url
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) })
      : new SqliteDialect({ database: openSqlite(database.path) }),
  });
  try {
    const dialect = database.url ? 'postgres' : 'sqlite';
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => ({ ...migrations[dialect] }) },
    });
    const { error } = await migrator.migrateTo(last);
    if (error) throw new Error(`Migrating to ${last} failed`, { cause: error });
    await fill?.(db);
  } finally {
    await db.destroy();
  }
}

/** A SQLite file as an older release left it (see migratedTo). */
export const sqliteMigratedTo = (path: string, last: string) => migratedTo({ path }, last);
