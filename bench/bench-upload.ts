/**
 * Quote requests with files, against the built server process: first 4 submissions at once, each with
 * 3 files of 8 MB, while the server's RSS is sampled (its rise above idle shows whether uploads are
 * streamed or held in memory); then the upload rate on loopback (MB/s of files stored), with the scan
 * off, and again with a real clamd (server/test/clamd-server.ts) scanning every file. Afterwards the
 * database is checked: every "success" has its 3 files, byte counts equal.
 * Usage: npm run build && npm run bench:upload [-- <rounds>]  (DATABASE_URL set: on PostgreSQL)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleQuote } from '../common/quote-sample.ts';
import { loadConfig } from '../server/config/config.ts';
import { openStores } from '../server/stores.ts';
import { startClamdServer } from '../server/test/clamd-server.ts';
import { BUILT_SERVER, startServer, stopServer, type RunningServer } from '../server/test/server-process.ts';
import { builtServerEnv } from './built-server-env.ts';
import { machine, round, saveJson, table } from './report.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { AttachmentTables } from '../server/attachments/attachment-tables.ts';
import type { LeadTables } from '../server/leads/quote-tables.ts';

const rounds = Number(process.argv[2] ?? 4);
const CONCURRENT = 4;
const FILES = 3;
const FILE_MB = 8;
const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
const env: Record<string, string> = { ...builtServerEnv(dir), RATE_LIMIT_MAX: '100000' };
const origin = env.SITE_URL ?? '';

/** Kilobytes of the process's resident memory now. */
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** A PDF as file-type reads it (its signature), then random bytes: nothing compresses or repeats. */
function pdf(bytes: number): Blob {
  const content = randomBytes(bytes);
  content.write('%PDF-1.7\n', 0, 'latin1');
  return new Blob([content], { type: 'application/pdf' });
}
const files = Array.from({ length: FILES }, () => pdf(FILE_MB * MB));

async function submit(url: string, index: number): Promise<void> {
  const form = new FormData();
  const quote = sampleQuote({ name: `Upload Bench ${index}`, email: `upload${index}@company.example` });
  for (const [name, value] of Object.entries(quote)) form.append(name, value);
  files.forEach((file, at) => form.append('attachments', file, `brief-${index}-${at}.pdf`));
  const response = await fetch(`${url}/api/quote`, {
    method: 'POST',
    body: form,
    headers: { accept: 'text/plain', origin, 'sec-fetch-site': 'same-origin' },
  });
  const text = await response.text();
  if (text !== 'success') throw new Error(`submission ${index} answered ${response.status}: ${text}`);
}

/** Runs `work` while sampling the server's RSS every 5 ms; resolves to the peak rise above `idleKb`. */
async function peakRiseMb(server: RunningServer, work: () => Promise<unknown>): Promise<number> {
  const idleKb = rssKb(server.pid);
  let peakKb = idleKb;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, rssKb(server.pid))), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return round((peakKb - idleKb) / 1024);
}

/** `rounds` times 4 submissions at once; resolves to MB of files stored per second. */
async function uploadRate(server: RunningServer, first: number): Promise<number> {
  const started = performance.now();
  for (let at = 0; at < rounds; at++) {
    const batch = Array.from({ length: CONCURRENT }, (_, index) => first + at * CONCURRENT + index);
    await Promise.all(batch.map((index) => submit(server.url, index)));
  }
  const seconds = (performance.now() - started) / 1000;
  return round((rounds * CONCURRENT * FILES * FILE_MB) / seconds);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

const plain = await startServer({ ...BUILT_SERVER, env, logFile: join(dir, 'server.log') });
await submit(plain.url, 0); // warm-up: the first request loads what the rest reuse
await settle();
const riseMb = await peakRiseMb(plain, () =>
  Promise.all(Array.from({ length: CONCURRENT }, (_, index) => submit(plain.url, 1 + index))),
);
const scanOff = await uploadRate(plain, 100);
await stopServer(plain);

const clamd = await startClamdServer();
const scanned = await startServer({
  ...BUILT_SERVER,
  env: { ...env, CLAMD_URL: clamd.url },
  logFile: join(dir, 'server-scanned.log'),
});
await submit(scanned.url, 1000);
const scanOn = await uploadRate(scanned, 1001);
await stopServer(scanned);
await clamd.stop();

const stores = await openStores(loadConfig(env));
const leads = await tablesOf<LeadTables>(stores.storage.db)
  .selectFrom('quote_requests')
  .select((eb) => eb.fn.countAll<number>().as('count'))
  .executeTakeFirstOrThrow();
const stored = await tablesOf<AttachmentTables>(stores.storage.db)
  .selectFrom('lead_attachments')
  .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('size').as('bytes')])
  .executeTakeFirstOrThrow();
await stores.close();
const expectedFiles = Number(leads.count) * FILES;
const missing = expectedFiles - Number(stored.count);
const wrongBytes = Number(stored.bytes) - expectedFiles * FILE_MB * MB;

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const results = {
  database,
  rounds,
  riseMb,
  scanOffMbPerSecond: scanOff,
  scanOnMbPerSecond: scanOn,
  missing,
  wrongBytes,
};
console.log(
  `\nQuote requests with ${FILES} x ${FILE_MB} MB files (${database}); targets: RSS rise <= 60 MB with ` +
    `${CONCURRENT} at once, >= 50 MB/s with the scan off, 0 missing\n`,
);
console.log(
  table(
    ['Measure', 'Value'],
    [
      [`server RSS rise, ${CONCURRENT} submissions at once (MB)`, riseMb],
      ['uploads stored, scan off (MB/s)', scanOff],
      ['uploads stored, clamd scanning (MB/s)', scanOn],
      ['files missing after "success"', missing],
      ['bytes stored beyond or short of those sent', wrongBytes],
    ],
  ),
);
saveJson(`bench/results/bench-upload${process.env.DATABASE_URL ? '-postgres' : ''}.json`, {
  machine: machine(),
  results,
});
