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
 * Tests that open storage only to get to what no database changes: HTTP (headers, limits, answers refused
 * before anything is stored, slow clients and hang-ups), a process (signals, draining, the log), a helper
 * service (clamd, Redis, SMTP, IMAP's parser), signing: each with its reason, since it then runs on SQLite
 * alone. A file runs on PostgreSQL when what it asserts is done by the database: a feature's queries and
 * writes (results, order, counts, search, constraints, what a row keeps), migrations, transactions and
 * locks (claims, leases, several instances), durability under a kill, backups, restores and copies, the
 * connection itself. A file with both kinds keeps the first on both and puts the rest under
 * `sameOnEveryDatabase` (database-kind.ts). Decision 072.
 */
export const SQLITE_ONLY_BY_CHOICE: Readonly<Record<string, string>> = {
  'server/security/security-headers.test.ts': 'response headers, the same whatever stores the data',
  'server/security/fetch-metadata.test.ts': 'Fetch Metadata checks, before any route reads the database',
  'server/fault-tests/slow-clients.test.ts': 'slow sockets and timeouts in the HTTP layer',
  'server/ops/log-destination.test.ts': "the access log's batching, a file written by the process",
  'server/leads/quote-fuzz.test.ts':
    'hostile input refused before storage; quote-routes.test.ts covers the stored lead on both',
  'server/fault-tests/upload-hang-up.test.ts':
    'hang-ups while clamd scans, refused before storage; quote-upload-kill.test.ts covers a cut upload on both',
  'server/fault-tests/shutdown-under-load.test.ts':
    'draining HTTP on SIGTERM; kill-during-burst.test.ts covers acknowledged leads surviving on both',
  'server/fault-tests/redis-outage.test.ts': 'rate limits kept in Redis, not in the database',
  'server/fault-tests/smtp-outage.test.ts':
    'an SMTP server down or refusing; outbox-delivery and outbox-retry cover the rows on both',
  'server/conversations/mailbox-hostile-mail.test.ts':
    "the mail parser's limits; mailbox-watcher.test.ts covers the answers stored on both",
  'server/conversations/mailbox-sender-trust.test.ts':
    'headers read from Dovecot; sender-trust.test.ts covers what the message keeps on both',
  'server/leads/quote-upload-connection.test.ts':
    '413s and dropped uploads, answered before anything is stored',
  'server/leads/quote-upload-hangup.test.ts':
    'hang-ups and a silent clamd, answered before anything is stored',
  'server/leads/quote-rate-limit.test.ts': 'rate limits kept in memory',
  'server/leads/quote-archives.test.ts': 'Office archives refused by their content before storage',
  'server/security/clamd-limits.test.ts': "clamd's limits and the start-up check",
  'server/mail/dkim.test.ts': 'DKIM signatures of the mail sent',
  'server/accounts/contract-routes.test.ts': 'the routes checked against the contract at start',
  'server/plugins/log-path.test.ts': "the access log's path, whatever served the request",
  'server/visits/visit-beacon.test.ts':
    "the beacon's size, page and CSP; visit-counting.test.ts covers the counts on both",
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
