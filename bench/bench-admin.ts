/**
 * npm run bench:admin: the inbox's API on the real server (the production
 * build) with 100,000 leads in the database. Times the list, a status filter
 * and searches as a signed-in person's browser asks for them, one request at a
 * time, and reports p50, p95 and p99 of each. The target: p95 <= 50 ms.
 * `-- N` sets the number of leads.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEAD_STATUSES } from '../common/admin-api.ts';
import { quoteFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { machine, round, saveJson, table } from './report.ts';
import { quantile } from './server-log.ts';
import { loadConfig } from '../server/config.ts';
import { openStores } from '../server/stores.ts';
import { takeBackup } from '../server/ops/backups.ts';
import { BUILT_SERVER, startServer, stopServer } from '../server/test/server-process.ts';
import { sqliteOf } from '../server/test/sqlite-of.ts';

const LEADS = Number(process.argv[2] ?? 100_000);
const REQUESTS = 300;
const TARGET_P95_MS = 50;

const FIRST = [
  'Priya',
  'Ravi',
  'Anita',
  'Jaspreet',
  'Harpreet',
  'Amit',
  'Neha',
  'Gurpreet',
  'Simran',
  'Vikram',
];
const LAST = ['Sharma', 'Kumar', 'Gill', 'Singh', 'Kaur', 'Verma', 'Mehta', 'Arora', 'Bansal', 'Sethi'];
const WORDS = [
  'website',
  'shop',
  'app',
  'marketing',
  'design',
  'booking',
  'clinic',
  'dairy',
  'textile',
  'school',
  'payments',
  'catalogue',
  'redesign',
  'SEO',
  'campaign',
  'logo',
  'budget',
  'launch',
  'Ludhiana',
  'export',
];
const pick = <T>(list: readonly T[]) => list[randomInt(list.length)] as T;

if (!existsSync('build/.complete')) {
  console.error('No build: run "npm run build" first.');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-admin-'));
const env = {
  DATABASE_PATH: join(dir, 'site.db'),
  MAIL_DIR: join(dir, 'mail'),
  SITE_DIR: 'build/client',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  OUTBOX_POLL_MS: '3600000',
};

/** 100,000 leads as the quote form makes them, each with its notification (most sent, some dead). */
async function seed(): Promise<string> {
  const stores = await openStores(loadConfig(env));
  try {
    const sqlite = sqliteOf(stores.storage);
    // A column per field of the form: the fields searched by here get varied values, any other the sample's.
    const columns = ['reference', 'created_at', ...quoteFields, 'source_page', 'status', 'spam', 'spam_at'];
    const lead = sqlite.prepare(
      `INSERT INTO quote_requests (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
    );
    const email = sqlite.prepare(
      `INSERT INTO outbox (quote_request_id, kind, recipient, message_id, status, attempts, next_attempt_at,
         created_at, updated_at, sent_at, delivered_via)
       VALUES (?, 'notification', 'sales@example.com', ?, ?, 1, ?, ?, ?, 'smtp', ?)`,
    );
    const start = Date.now() - LEADS * 60_000;
    sqlite.transaction(() => {
      for (let index = 0; index < LEADS; index++) {
        const at = new Date(start + index * 60_000).toISOString();
        const first = pick(FIRST);
        const last = pick(LAST);
        const spam = randomInt(50) === 0 ? 1 : 0;
        const message = Array.from({ length: 12 }, () => pick(WORDS)).join(' ');
        const { lastInsertRowid } = lead.run({
          ...sampleQuote({
            name: `${first} ${last}`,
            email: `${first.toLowerCase()}.${last.toLowerCase()}${index}@example.in`,
            phone: `+91 9${String(randomInt(1e9)).padStart(9, '0')}`,
            message,
          }),
          reference: `Q-${index.toString(32).toUpperCase().padStart(6, '0')}`, // unique, as the server's are
          created_at: at,
          source_page: '/',
          status: pick(LEAD_STATUSES),
          spam,
          spam_at: spam ? at : null,
        });
        if (!spam) {
          const status = randomInt(500) === 0 ? 'dead' : 'sent';
          email.run(
            lastInsertRowid,
            `<quote-${index}@example.com>`,
            status,
            at,
            at,
            at,
            status === 'sent' ? at : null,
          );
        }
      }
    })();
    sqlite.pragma('optimize');
    const { id } = await stores.storage.db
      .insertInto('admin_accounts')
      .values({
        email: 'bench@example.com',
        user_handle: 'YmVuY2g',
        created_at: new Date().toISOString(),
        revoked_at: null,
        last_sign_in_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await stores.sessions.start(id, new Date());
  } finally {
    await stores.close();
  }
}

async function time(url: string, cookie: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < REQUESTS; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, accept: 'application/json' } });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99), bytes };
}

const seedStart = performance.now();
const token = await seed();
const seedMs = performance.now() - seedStart;
const server = await startServer({ ...BUILT_SERVER, env, logFile: join(dir, 'server.log') });
const cookie = `__Host-session=${token}`;
try {
  const scenarios = [
    { name: 'list (all, newest 50)', path: '/admin/api/leads' },
    { name: 'status filter (quoted)', path: '/admin/api/leads?view=quoted' },
    { name: 'spam folder', path: '/admin/api/leads?view=spam' },
    { name: 'search: a name', path: '/admin/api/leads?q=Harpreet%20Sethi' },
    { name: 'search: a common word', path: '/admin/api/leads?q=website' },
    { name: 'search + filter', path: '/admin/api/leads?view=won&q=clinic%20budget' },
    { name: 'search: no match', path: '/admin/api/leads?q=zzzzqqq' },
    { name: 'second page', path: `/admin/api/leads?cursor=${Math.floor(LEADS / 2)}` },
    { name: 'one lead', path: `/admin/api/leads/${Math.floor(LEADS / 3)}` },
  ];
  const results = [];
  for (const scenario of scenarios) {
    await time(`${server.url}${scenario.path}`, cookie); // warm up
    results.push({ ...scenario, ...(await time(`${server.url}${scenario.path}`, cookie)) });
  }
  const rows = results.map((result) => [
    result.name,
    round(result.p50),
    round(result.p95),
    round(result.p99),
    result.bytes,
    result.p95 <= TARGET_P95_MS ? 'yes' : 'NO',
  ]);
  // The daily backup runs in the server's process: how long it holds the event loop.
  const backupStart = performance.now();
  const backup = takeBackup({
    databasePath: env.DATABASE_PATH,
    mailDir: env.MAIL_DIR,
    backupDir: join(dir, 'backups'),
    at: new Date(),
    busyTimeoutMs: 5000,
  });
  const backupMs = performance.now() - backupStart;
  const info = machine();
  console.log(
    `bench:admin — ${info.cores} cores (${info.cpu}), Node ${info.node}, load average ${info.loadAverage.join(' ')}`,
  );
  console.log(
    `${LEADS.toLocaleString('en-IN')} leads seeded in ${round(seedMs / 1000)} s; ${REQUESTS} requests per row, one at a time, over HTTP to the production server.\n`,
  );
  console.log(table(['request', 'p50 ms', 'p95 ms', 'p99 ms', 'bytes', `p95 <= ${TARGET_P95_MS} ms`], rows));
  saveJson('bench/results/bench-admin.json', {
    machine: info,
    leads: LEADS,
    requests: REQUESTS,
    seedMs,
    results,
    backup: { ms: backupMs, bytes: backup.bytes },
  });
  console.log(
    `\nA backup while the server runs (VACUUM INTO, then the integrity check and row counts): ${round(backupMs / 1000)} s for ${round(backup.bytes / 1e6)} MB.`,
  );
  if (results.some((result) => result.p95 > TARGET_P95_MS)) process.exitCode = 1;
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
