import { type Kysely, type Migration, Migrator } from 'kysely';

/**
 * Migrations are defined in code (so the build needs no migration files beside
 * it), each part of the server owning those of its tables. They run in the
 * order of their names, which start with a date. Only Kysely's schema builder
 * is used, so the same migrations can run on PostgreSQL; there `autoIncrement`
 * would become an identity column. Never edit a migration that has shipped:
 * add a new one.
 */
export type Migrations = Readonly<Record<string, Migration>>;

/** Brings the database to the latest schema; throws if a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>, migrations: Migrations): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`.replace('  ', ' '), {
      cause: error,
    });
  }
}
