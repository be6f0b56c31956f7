/**
 * `npm run bench:fuzz`: the quote endpoint's hostile-input properties
 * (server/test/quote-fuzz.ts) at scale: 20,000 random and adversarial
 * requests against the real application with a temporary database, then the
 * CSV export of everything stored, then the CSV property on 20,000 random
 * tables. Prints a summary and saves bench/results/bench-fuzz.json; exits 1
 * with the (shrunk) counterexample if any property fails.
 *
 * Usage: npm run bench:fuzz [-- --runs <n>] [--seed <n>] [--out <file>]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { machine, round, saveJson, table } from './report.ts';
import { buildApp } from '../server/app.ts';
import { toCsv } from '../server/cli/csv.ts';
import { loadConfig } from '../server/config/config.ts';
import { fakeSite } from '../server/test/fake-site.ts';
import {
  assertNeutralCell,
  checkCase,
  checkCsvExport,
  csvText,
  fuzzCase,
  newFuzzStats,
  parseCsv,
} from '../server/test/quote-fuzz.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    out: { type: 'string', default: 'bench/results/bench-fuzz.json' },
  },
});
const runs = Number(args.runs);
const seed = args.seed === undefined ? Date.now() ^ (Math.random() * 0x100000000) : Number(args.seed);

const dir = mkdtempSync(join(tmpdir(), 'bench-fuzz-'));
const config = loadConfig({
  SITE_DIR: fakeSite(dir),
  DATABASE_PATH: join(dir, 'data', 'site.db'),
  MAIL_DIR: join(dir, 'data', 'mail'),
  MAIL_FROM: 'Acme Tech <quotes@acme.test>',
  MAIL_TO: 'sales@acme.test',
  SITE_URL: 'https://www.acme.test',
  RATE_LIMIT_MAX: '1000000',
});
const app = await buildApp({ config, logger: false, startOutbox: false });
await app.ready();

const stats = newFuzzStats();
const started = Date.now();
let exitCode = 0;
try {
  console.log(`Fuzzing the quote endpoint with ${runs} requests (seed ${seed})…`);
  const requests = await fc.check(
    fc.asyncProperty(fuzzCase, (input) => checkCase({ app, config }, input, stats)),
    { numRuns: runs, seed },
  );
  const requestSeconds = (Date.now() - started) / 1000;
  let exportFailure: string | undefined;
  try {
    await checkCsvExport({ app, config }, stats);
  } catch (error) {
    exportFailure = String((error as Error).message ?? error);
  }
  const csv = fc.check(
    fc.property(fc.array(fc.array(csvText, { minLength: 1, maxLength: 4 }), { maxLength: 5 }), (rows) => {
      const parsed = parseCsv(toCsv(['a', 'b', 'c', 'd'], rows));
      if (parsed.length !== rows.length + 1) throw new Error('a CSV line was lost or split');
      rows.forEach((row, index) =>
        row.forEach((value, column) => assertNeutralCell(parsed[index + 1]?.[column] ?? '', value)),
      );
    }),
    { numRuns: runs, seed },
  );

  const failures = [
    requests.failed ? fc.defaultReportMessage(requests) : undefined,
    exportFailure ? `CSV export: ${exportFailure}` : undefined,
    csv.failed ? fc.defaultReportMessage(csv) : undefined,
  ].filter((failure): failure is string => failure !== undefined);

  const host = machine();
  const summary = [
    '',
    `bench:fuzz — ${host.cores} cores, Node ${host.node}; seed ${seed}`,
    '',
    table(
      ['property run', 'cases', 'failed'],
      [
        ['requests to POST /api/quote and /sendMail.php', requests.numRuns, requests.failed ? 'YES' : 'no'],
        ['CSV export of every stored lead', stats.csvRowsChecked, exportFailure ? 'YES' : 'no'],
        ['CSV cells for random tables', csv.numRuns, csv.failed ? 'YES' : 'no'],
      ],
    ),
    '',
    table(
      ['body kind', 'requests'],
      Object.entries(stats.byKind).sort(([, a], [, b]) => b - a),
    ),
    '',
    table(
      ['status', 'replies'],
      Object.entries(stats.byStatus).sort(([a], [b]) => Number(a) - Number(b)),
    ),
    '',
    `Stored leads: ${stats.stored} (${stats.spam} as spam); notification emails rendered and parsed: ${stats.emailsChecked}; ` +
      `no-JavaScript error pages checked: ${stats.errorPagesChecked}.`,
    `${round(requests.numRuns / requestSeconds, 0)} requests/s; ${round((Date.now() - started) / 1000)} s in all.`,
    failures.length === 0 ? 'Every property held.' : `FAILED:\n${failures.join('\n\n')}`,
  ];
  console.log(summary.join('\n'));
  saveJson(args.out, {
    benchmark: 'bench:fuzz',
    date: new Date().toISOString(),
    machine: host,
    seed,
    runs,
    requests: { numRuns: requests.numRuns, failed: requests.failed, numShrinks: requests.numShrinks },
    csvExport: { rows: stats.csvRowsChecked, failed: exportFailure !== undefined },
    csvCells: { numRuns: csv.numRuns, failed: csv.failed },
    stats,
    seconds: round((Date.now() - started) / 1000),
    failures,
    properties: [
      'never a 5xx other than the deliberate 503 (with its clear message) while storage is down (1 case in 16 switches the database to read-only)',
      'the reply is what the shared schema says for the fields sent (200/303 if valid, 400 if not; 403 cross-site; 413 over 64 KiB; 415 JSON, files, other types)',
      'a lead is stored exactly when the reply is success, and as sent (trimmed, CRLF as LF); spam only with the honeypot',
      'replies never leak internals (stack traces, SQLite codes, paths)',
      'every stored lead passes the shared schema unchanged',
      'every notification has exactly the expected headers (From, To, Reply-To, Subject, Message-ID, Date, MIME-Version, Content-Type, X-Quote-Request-ID), no Cc/Bcc, the right subject and Reply-To',
      'the HTML part contains only the template markup and shows every field escaped',
      'the no-JavaScript error page contains only its own markup and shows what was typed, escaped',
      'the CSV export has one line per lead and no cell that starts like a formula, and keeps every value',
    ],
  });
  console.log(`\nSaved ${args.out}`);
  if (failures.length > 0) exitCode = 1;
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
