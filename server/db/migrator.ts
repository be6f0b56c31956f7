import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { DatabaseDialect } from './storage.ts';
import { migrationError } from './migration-error.ts';

/**
 * Migrations are defined in code (so the build needs no migration files beside
 * it), each part of the server owning those of its tables. They run in the
 * order of their names, which start with a date. Never edit a migration that
 * has shipped: add a new one.
 */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * A part's migrations for each database. SQLite's carry the history of sites
 * that ran before PostgreSQL was supported; PostgreSQL's start from a baseline
 * of the same schema. A later migration that is the same on both (Kysely's
 * schema builder only, no transaction of its own: on PostgreSQL every
 * migration already runs in the migrator's transaction) goes in both.
 */
export type DialectMigrations = Readonly<Record<DatabaseDialect, Migrations>>;

/** Every part's migrations together. */
export function mergeMigrations(...parts: DialectMigrations[]): DialectMigrations {
  return {
    sqlite: Object.assign({}, ...parts.map((part) => part.sqlite)) as Migrations,
    postgres: Object.assign({}, ...parts.map((part) => part.postgres)) as Migrations,
  };
}

/** The advisory lock two instances starting at once take around the whole migration. */
export const MIGRATION_LOCK = 8_472_015_361;

/**
 * Runs what is left to run; a failure says which migration, the database's own message and code,
 * and (PostgreSQL, a right the role lacks) what to do: `db` is asked who is connected.
 */
async function runMigrator<DB>(
  db: Kysely<DB>,
  migrations: Migrations,
  dialect: DatabaseDialect,
): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw await migrationError(failed?.migrationName, error, dialect === 'postgres' ? db : undefined);
  }
}

/**
 * Brings the database to the latest schema; throws if a migration fails.
 * On PostgreSQL, Kysely's migrator locks its own table, but only once that
 * table exists: two instances creating it at once on an empty database can
 * collide. So the whole run holds a session advisory lock on one connection;
 * the second instance waits, then finds nothing left to do.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  migrations: Migrations,
  dialect: DatabaseDialect = 'sqlite',
): Promise<void> {
  if (dialect === 'sqlite') return runMigrator(db, migrations, dialect);
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await runMigrator(connection, migrations, dialect);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
