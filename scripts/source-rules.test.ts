import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dialectReads, dialectSql, doubleCasts } from './lib/source-rules.ts';

/** The project's source files under these folders, tests and their helpers apart. */
function sourceFiles(folders: readonly string[]): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...folders],
    { encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && existsSync(file))
    .filter((file) => !/\.test\.tsx?$|^server\/(test|fault-tests)\//.test(file));
}

/** Where only server/db (and each feature's migrations, which are per database by nature) may know the database. */
const KNOWS_THE_DATABASE = /^server\/db\/|-migrations\.ts$/;

describe('the source', () => {
  it('casts through unknown nowhere (`as unknown as` hides a type that drifted)', () => {
    const found = sourceFiles(['app', 'server', 'common']).flatMap((file) =>
      doubleCasts(readFileSync(file, 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });

  it('reads which database it is only in server/db and the migrations', () => {
    const found: Record<string, number> = {};
    for (const file of sourceFiles(['server'])) {
      if (KNOWS_THE_DATABASE.test(file)) continue;
      const reads = dialectReads(readFileSync(file, 'utf8'));
      if (reads.length > 0) found[file] = reads.length;
    }
    // A query that needs what only one database does asks Storage for a capability (server/db/database.ts).
    expect(found).toEqual({});
  });

  it('holds SQL that only one database understands only in server/db and the migrations', () => {
    const found: Record<string, string[]> = {};
    for (const file of sourceFiles(['server', 'common', 'app'])) {
      if (KNOWS_THE_DATABASE.test(file)) continue;
      const sql = dialectSql(readFileSync(file, 'utf8'));
      if (sql.length > 0) found[file] = sql;
    }
    // What differs between the databases is a Storage capability (server/db/database.ts) or a migration.
    expect(found).toEqual({});
  });

  it('has server/db import nothing else of the server (it is the lowest layer)', () => {
    // time/pause.ts imports nothing: the one wait inside a task that files may share (scripts/timers.test.ts).
    const LEAVES = new Set(['../time/pause.ts']);
    const above = sourceFiles(['server/db']).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfrom '(\.\.\/[^']*)'|import\('(\.\.\/[^']*)'\)/g)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((path) => !LEAVES.has(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(above).toEqual([]);
  });
});

describe('SQLite handles', () => {
  it('are opened through openSqlite only, tests and benches too (Node 24 aborts when one is collected)', () => {
    const listed = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'server', 'bench', 'scripts', 'e2e'],
      {
        encoding: 'utf8',
      },
    );
    const opening = listed
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && existsSync(file) && file !== 'server/db/sqlite-open.ts')
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /^import (?!type )\w+ from 'better-sqlite3'/m.test(text);
      });
    expect(opening).toEqual([]);
  });
});

describe('the rules', () => {
  it('find a cast through unknown, and not a plain cast', () => {
    expect(doubleCasts('const a = b as unknown as Kysely<unknown>;')).toEqual([
      'line 1: as unknown as Kysely',
    ]);
    expect(doubleCasts('const a = b as Kysely<unknown>;\n// as unknown as X')).toEqual([]);
  });

  it('find a branch on the dialect, however it is spelled', () => {
    expect(dialectReads(`if (storage.dialect === 'postgres') run();`)).toHaveLength(2);
    expect(dialectReads(`const { dialect } = storage;`)).toHaveLength(1);
    expect(dialectReads(`function f(kind: DatabaseDialect) {}`)).toHaveLength(1);
    expect(dialectReads(`const open = config.database.url ? 'postgres' : 'sqlite';`)).toHaveLength(2);
    expect(dialectReads(`const rows = await storage.claimable(query).execute();`)).toEqual([]);
  });

  it('find SQL only one database understands, and not an IPv6 address, a comment or another word', () => {
    const onlyOne = [
      'sql`select count(*)::int as n from t`',
      "sql`to_tsquery('simple'::regconfig, ${text})`",
      'sql`select id from t where ids = any(${ids}::bigint[])`',
      'sql`select pg_try_advisory_xact_lock(${key})`',
      "sql.raw('create function f() returns void language plpgsql as $$ begin end $$')",
      'sql`alter table t add column words tsvector`',
      "db.selectFrom('t').where('name', 'ilike', text)",
      'sql`select column_name from information_schema.columns`',
      "sqlite.pragma('integrity_check')",
      'sqlite.exec("PRAGMA foreign_keys = ON")',
      "sqlite.prepare(`select name from sqlite_master where type = 'table'`)",
    ];
    for (const code of onlyOne) expect(dialectSql(code), code).toHaveLength(1);
    const neither = [
      'const MAPPED = /^::ffff:(\\d{1,3}(?:\\.\\d{1,3}){3})$/i;',
      "isPublicAddress('::ffff:93.184.216.34') && isPublicAddress('fe80::1') && isPublicAddress('2001:db8::cafe')",
      '// select count(*)::int, pg_backend_pid(), pragma',
      '/** A tsvector, ILIKE and sqlite_master, in words. */',
      "const index = { tsvectorColumn: 'words', pragmatic: true, pg: 1 };",
      "const url = 'postgres://localhost/site';",
    ];
    for (const code of neither) expect(dialectSql(code), code).toEqual([]);
  });
});
