import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { openStorage, type Storage } from './database.ts';

/**
 * What differs by design: the search index (docs/decisions/027-postgresql-beside-sqlite.md). SQLite's is a set of
 * FTS5 tables; PostgreSQL's
 * lives in columns of quote_requests (full-text and trigram indexes over them).
 */
const SEARCH_ONLY = {
  sqliteTables: /^quote_requests_search/,
  postgresColumns: { quote_requests: ['phone_digits', 'phone_endings', 'search_words'] } as Record<
    string,
    string[]
  >,
};
/**
 * Tables only PostgreSQL has: mail_drop keeps the emails of several instances when there is no
 * SMTP_URL (on SQLite they are .eml files on the one machine's disk).
 */
const POSTGRES_ONLY_TABLES = new Set(['mail_drop']);

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

/**
 * Every table of a freshly migrated database but the search index, with its columns and whether
 * each may hold null (a primary key never does, whatever SQLite's introspection says of it).
 */
async function schemaOf(storage: Storage) {
  const tables = await storage.db.introspection.getTables();
  const schema: Record<string, Record<string, 'null' | 'not null'>> = {};
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (storage.kind === 'sqlite' && SEARCH_ONLY.sqliteTables.test(table.name)) continue;
    if (storage.kind === 'postgres' && POSTGRES_ONLY_TABLES.has(table.name)) continue;
    const columns = (storage.sqlite?.pragma(`table_info("${table.name}")`) ?? []) as {
      name: string;
      pk: number;
    }[];
    const keys = new Set(columns.filter((column) => column.pk > 0).map((column) => column.name));
    const searchColumns = storage.kind === 'postgres' ? (SEARCH_ONLY.postgresColumns[table.name] ?? []) : [];
    schema[table.name] = Object.fromEntries(
      table.columns
        .filter((column) => !searchColumns.includes(column.name))
        .map(
          (column) =>
            [column.name, column.isNullable && !keys.has(column.name) ? 'null' : 'not null'] as const,
        )
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return schema;
}

// A migration added to one dialect only shows here, in the postgres project (which has both databases).
describe.skipIf(testDatabase !== 'postgres')('the schema on both databases', () => {
  it('has the same tables and columns on PostgreSQL (its baselines) as on SQLite (its migrations)', async () => {
    const sqlite = await openStorage({ path: join(tempDir(), 'site.db'), busyTimeoutMs: 1000, migrations });
    opened.push(sqlite);
    const postgres = await openStorage({ ...testConfig().database, migrations });
    opened.push(postgres);
    expect(postgres.kind).toBe('postgres');
    const expected = await schemaOf(sqlite);
    expect(Object.keys(expected)).toContain('quote_requests');
    expect(await schemaOf(postgres)).toEqual(expected);
  });
});
