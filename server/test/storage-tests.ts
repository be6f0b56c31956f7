import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which server tests run a second time on PostgreSQL (the `postgres` project of vitest.config.ts).
 *
 * A test file touches storage when it opens it, through any of the ways the tests have: the test app, the
 * stores, the storage itself, running instances or a server process, an older release's database, the
 * operator commands, or the database kind. Those run on both databases, found by reading the files, so a
 * new storage test can never fall out of the PostgreSQL run. A test that touches nothing of storage runs
 * once, on the node project: the same code would run again for nothing.
 */
const OPENS_STORAGE =
  /\b(testApp|openStores|openStorage|startInstances|startServerProcess|migratedTo|sqliteMigratedTo|runOperator|testDatabase|sqliteOnly|postgresOnly|TEST_DATABASE)\b|from '\.\.?\/(\.\.\/)*(test\/)?(instances|server-process|operator-cli|database-kind|test-app|migrated-to)\.ts'/;

/**
 * Tests that open storage only to serve HTTP and test what no database changes (headers, slow clients,
 * the log): each with its reason, since it then runs on SQLite alone.
 */
export const SQLITE_ONLY_BY_CHOICE: Readonly<Record<string, string>> = {
  'server/security/security-headers.test.ts': 'response headers, the same whatever stores the data',
  'server/security/fetch-metadata.test.ts': 'Fetch Metadata checks, before any route reads the database',
  'server/fault-tests/slow-clients.test.ts': 'slow sockets and timeouts in the HTTP layer',
  'server/ops/log-destination.test.ts': "the access log's batching, a file written by the process",
  'server/leads/quote-fuzz.test.ts':
    'hostile input refused before storage; quote-routes.test.ts covers the stored lead on both',
};

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Whether a test file's text opens storage. */
export function opensStorage(text: string): boolean {
  return OPENS_STORAGE.test(text);
}

/** The server tests that run on PostgreSQL too: those that open storage, less the ones chosen above. */
export function postgresTestFiles(root = 'server'): string[] {
  return testFiles(root)
    .map((file) => file.split('\\').join('/'))
    .filter((file) => !(file in SQLITE_ONLY_BY_CHOICE))
    .filter((file) => opensStorage(readFileSync(file, 'utf8')))
    .sort();
}
