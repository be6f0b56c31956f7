/**
 * Fault 5: the database cannot be written (a read-only file, the connection in
 * read-only mode, or a full disk). Quote requests are refused with 503 and a
 * clear message, the site's pages go on being served, and once the database
 * can be written again the same process takes requests and sends emails
 * again, with no restart.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { rawRequest } from '../test/quote-client.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { sqliteOnly } from '../test/database-kind.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];
type Config = Awaited<ReturnType<typeof testApp>>['config'];

const UNAVAILABLE =
  'We cannot save quote requests at the moment, so yours was not sent. Please try again in a few minutes.';

/** Whether this machine lets us set the immutable attribute (root, on a file system that has it). */
function immutableFilesWork(): boolean {
  const file = join(tempDir(), 'probe');
  writeFileSync(file, 'probe');
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Outage {
  /** Makes the database unwritable; returns how to undo it. */
  start: (app: App, config: Config) => () => void;
  available: () => boolean;
}

const OUTAGES: Record<string, Outage> = {
  // Even root cannot write a file marked immutable (chmod would not stop root).
  'the database file is made read-only (immutable)': {
    available: immutableFilesWork,
    start: (_app, config) => {
      const files = [config.database.path, `${config.database.path}-wal`].filter((file) => existsSync(file));
      execFileSync('chattr', ['+i', ...files]);
      return () => execFileSync('chattr', ['-i', ...files]);
    },
  },
  'the connection is switched to read-only mode': {
    available: () => true,
    start: (app) => {
      sqliteOf(app.storage).pragma('query_only = ON');
      return () => sqliteOf(app.storage).pragma('query_only = OFF');
    },
  },
  'the disk is full (no page can be added)': {
    available: () => true,
    start: (app) => {
      // No free page left inside the file either (migrations that rebuild a table leave some).
      sqliteOf(app.storage).exec('VACUUM');
      const pages = sqliteOf(app.storage).pragma('page_count', { simple: true }) as number;
      sqliteOf(app.storage).pragma(`max_page_count = ${pages}`);
      return () => sqliteOf(app.storage).pragma('max_page_count = 4294967294');
    },
  },
};

/** A message long enough to need new pages: a full disk refuses it. */
const quote = (email: string) =>
  sampleQuote({ email, phone: '', message: `We need a new website. ${'Details. '.repeat(400)}` });

async function postQuote(base: string, email: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(quote(email))) form.append(name, value);
  const response = await fetch(`${base}/api/quote`, {
    method: 'POST',
    body: form,
    headers: { accept: 'text/plain', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
  });
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, body: await response.text(), ...(retryAfter ? { retryAfter } : {}) };
}

/** A native form post, as a browser with JavaScript off sends it. */
function postNatively(base: string, email: string) {
  return rawRequest(`${base}/api/quote`, {
    method: 'POST',
    body: new URLSearchParams(quote(email)).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'navigate',
    },
  });
}

// The SQLite file's outages; PostgreSQL's (stopped, killed) are tested with real processes elsewhere.
sqliteOnly.each(Object.entries(OUTAGES))('the database becomes unwritable: %s', (_label, outage) => {
  it.skipIf(!outage.available())(
    'answers 503 with a clear message, keeps serving the pages, and recovers without a restart',
    async () => {
      const { app, config } = await testApp({ startOutbox: true });
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      expect(await postQuote(base, 'before@outage.test')).toEqual({ status: 200, body: QUOTE_SUCCESS_REPLY });

      const end = outage.start(app, config);
      try {
        const refused = await postQuote(base, 'during@outage.test');
        expect(refused).toEqual({ status: 503, body: `${UNAVAILABLE}\n`, retryAfter: '30' });
        const page = await postNatively(base, 'during-native@outage.test');
        expect(page.status).toBe(503);
        expect(page.headers['retry-after']).toBe('30');
        expect(page.body).toContain(UNAVAILABLE);
        expect(page.body).toContain('value="during-native@outage.test"'); // nothing the visitor typed is lost

        // The site itself does not need the database.
        for (const path of ['/', '/thank-you']) {
          const response = await fetch(`${base}${path}`);
          expect(response.status).toBe(200);
          expect(await response.text()).toContain('<body>');
        }
      } finally {
        end();
      }

      // Writable again: the same process takes the next request and emails it.
      expect(await postQuote(base, 'after@outage.test')).toEqual({ status: 200, body: QUOTE_SUCCESS_REPLY });
      const stored = await tablesOf<LeadTables>(app.storage.db)
        .selectFrom('quote_requests')
        .select('email')
        .orderBy('id')
        .execute();
      expect(stored.map((lead) => lead.email)).toEqual(['before@outage.test', 'after@outage.test']);
      await vi.waitFor(
        async () => {
          const rows = await tablesOf<OutboxTables>(app.storage.db)
            .selectFrom('outbox')
            .select('status')
            .execute();
          expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
        },
        { timeout: 5_000 },
      );
      expect(readdirSync(config.mail.dir)).toHaveLength(2);
    },
    20_000,
  );
});
