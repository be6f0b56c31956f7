import type { DialectMigrations } from './migrator.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';

export interface OpenStorageOptions {
  /** PostgreSQL's connection URL (DATABASE_URL); without it, SQLite at `path`. */
  url?: string | undefined;
  /** PostgreSQL connections in this instance's pool. */
  poolSize?: number;
  /** PostgreSQL: prepare repeated writes once per connection (true unless said otherwise). */
  preparedStatements?: boolean;
  path: string;
  busyTimeoutMs: number;
  /** Every part's migrations for each dialect (see migrator.ts), run at open. */
  migrations: DialectMigrations;
}

/** Opens the database the configuration names and brings its schema up to date. */
export async function openStorage(options: OpenStorageOptions): Promise<Storage> {
  if (options.url) {
    const { openPostgresStorage } = await import('./postgres-storage.ts');
    return openPostgresStorage({
      url: options.url,
      migrations: options.migrations.postgres,
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      ...(options.preparedStatements === false ? { preparedStatements: false } : {}),
    });
  }
  const { openSqliteStorage } = await import('./sqlite-storage.ts');
  return openSqliteStorage({ ...options, migrations: options.migrations.sqlite });
}
