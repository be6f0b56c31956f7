import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from '../stores.ts';

/**
 * A SQLite file as an older release left it: the migrations up to `last` (by name) and no further,
 * for a test to fill with that release's rows before the server upgrades it. Throws if one fails.
 */
export async function sqliteMigratedTo(path: string, last: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(path) }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => ({ ...migrations.sqlite }) },
    });
    const { error } = await migrator.migrateTo(last);
    if (error) throw new Error(`Migrating to ${last} failed`, { cause: error });
  } finally {
    await db.destroy();
  }
}
