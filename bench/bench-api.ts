/**
 * `npm run bench:api`: the production server under load, measured side by side in one run.
 *
 * 1. Builds if there is no build, and always recompiles the server, so the
 *    figures are for the code as it is now.
 * 2. Starts the real server (build/node/server/main.js) as its own process with
 *    a fresh database (WAL, synchronous=FULL) and the rate limit raised, the same
 *    server with VISIT_COUNTING=false, and a bare Fastify server
 *    (bench/bare-page-server.ts) that answers GET / with the same bytes and
 *    headers from memory. Drives the three with autocannon (a browser's user
 *    agent, so each GET is a counted view), in alternating rounds, and compares
 *    requests/s and CPU time per GET: real/bare, and counting on/off.
 * 3. Posts valid multipart quotes at 10, 50 and 200 connections, each with its
 *    own email address, then stops the server (SIGTERM) and checks that the
 *    database holds exactly one row for every "success" reply and nothing else.
 * 4. The same posts at 50 connections on PostgreSQL (a throw-away cluster with
 *    fsync and synchronous_commit on): one instance, then two behind a
 *    round-robin proxy (bench/postgres-quotes.ts), each checked the same way.
 *    Skipped, with a line saying so, where PostgreSQL's programs are missing.
 * 5. Prints a table and saves bench/results/bench-api.json.
 *
 * Usage: npm run bench:api [-- --duration <seconds per GET run>] [--rounds <GET rounds>]
 *                             [--quotes <requests per POST run>] [--out <file>]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuPerGet, resultRows, staticSummary } from './api-report.ts';
import { startBareServer } from './bare-server-start.ts';
import { runLoadWatching } from './load.ts';
import { countingComparison, staticRequest, staticRounds, startUncountedServer } from './static-rounds.ts';
import { checkDatabase } from './quote-integrity.ts';
import { quoteLoad } from './quote-load.ts';
import { postgresQuoteRuns, postgresRows, postgresTargets } from './postgres-quotes.ts';
import { machine, round, saveJson, table } from './report.ts';
import { logOffset, quantile, serverTimes } from './server-log.ts';
import { LOG_FLUSH_MS } from '../server/ops/log-destination.ts';
import { findPostgresBin, POSTGRES_MISSING } from '../server/test/postgres-cluster.ts';
import { BUILT_SERVER, startServer, stopServer, type ServerProcess } from '../server/test/server-process.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    quotes: { type: 'string', default: '10000' },
    out: { type: 'string', default: 'bench/results/bench-api.json' },
  },
});
const durationSeconds = Number(args.duration);
const rounds = Number(args.rounds);
const quoteRequests = Number(args.quotes);

const STATIC_CONNECTIONS = 50;
const QUOTE_CONNECTIONS = [10, 50, 200];
/** GET / against the bare server: its requests/s, and at most this multiple of its CPU time per request. */
const TARGETS = {
  staticRatio: 0.9,
  staticCpuRatio: 1.5,
  /** Visits counted against not counted (docs/decisions/033-visit-counting-in-bounded-memory.md): within 10%. */
  countingRatio: 0.9,
  quotesPerSecond: 500,
  quoteP99Ms: 50,
  atConnections: 50,
};
/** What browsers send. */
const ACCEPT_ENCODING = 'br, gzip, deflate';

function run(command: string, commandArgs: string[]) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** Where the server's log ends once the access lines it still buffers are written. */
async function settledLogOffset(file: string) {
  await new Promise((resolveWait) => setTimeout(resolveWait, LOG_FLUSH_MS + 200));
  return logOffset(file);
}

console.log('Preparing the production build…');
run(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts']);
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json']);

const host = machine();
const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const siteDir = resolve('build/client');
const databasePath = join(dir, 'site.db');
const logFile = join(dir, 'server.log');
const started: ServerProcess[] = [];
let exitCode = 0;

try {
  const server = await startServer({
    ...BUILT_SERVER,
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: siteDir,
      DATABASE_PATH: databasePath,
      MAIL_DIR: join(dir, 'mail'),
      RATE_LIMIT_MAX: '1000000',
    },
    logFile,
  });
  started.push(server);

  // --- GET /: the real server (counting visits, and not), against the same bytes from memory -------
  const uncounted = await startUncountedServer(dir, siteDir);
  started.push(uncounted);
  const bare = await startBareServer(server.url, dir);
  started.push(bare);
  console.log(`GET /: warming up, then ${rounds} alternating rounds of ${durationSeconds} s per server…`);
  const staticRuns = await staticRounds(
    { real: server, uncounted, bare },
    { rounds, durationSeconds, connections: STATIC_CONNECTIONS, request: staticRequest(ACCEPT_ENCODING) },
  );
  await stopServer(bare);
  await stopServer(uncounted);
  const realStatic = staticSummary(staticRuns.real);
  const bareStatic = staticSummary(staticRuns.bare);
  const counting = countingComparison(staticRuns.real, staticRuns.uncounted);
  const staticRatio = realStatic.requestsPerSecond / bareStatic.requestsPerSecond;

  // --- POST /api/quote ------------------------------------------------------------------------------
  console.log('POST /api/quote: warming up…');
  const warmUp = await quoteLoad(server.url, 'w');
  const loads = [warmUp];
  await runLoadWatching(server.pid, {
    url: server.url,
    connections: 10,
    run: { requests: 2000 },
    request: warmUp.request,
  });
  const quoteRuns = [];
  for (const [index, connections] of QUOTE_CONNECTIONS.entries()) {
    console.log(`POST /api/quote: ${quoteRequests} requests over ${connections} connections…`);
    const load = await quoteLoad(server.url, 'abc'[index] ?? 'z');
    loads.push(load);
    const from = await settledLogOffset(logFile);
    const result = await runLoadWatching(server.pid, {
      url: server.url,
      connections,
      run: { requests: quoteRequests },
      request: load.request,
    });
    const times = serverTimes(logFile, from, await settledLogOffset(logFile));
    quoteRuns.push({
      ...result,
      succeeded: load.succeeded.size,
      otherReplies: Object.fromEntries(load.failures),
      serverLatencyMs: { p50: round(quantile(times, 0.5)), p99: round(quantile(times, 0.99)) },
    });
  }
  const serverExit = await stopServer(server);

  // --- The database after the load ------------------------------------------------------------------
  const integrity = { ...checkDatabase(databasePath, loads), serverExit };

  // --- POST /api/quote on PostgreSQL: one instance, two behind a proxy ---------------------------------
  const options = { dir, siteDir, connections: TARGETS.atConnections, requests: quoteRequests };
  const postgres = findPostgresBin() ? await postgresQuoteRuns(options) : undefined;
  if (!postgres) console.log(POSTGRES_MISSING.replace('tests', 'rows of bench:api'));

  // --- Report ---------------------------------------------------------------------------------------
  const at50 = quoteRuns[QUOTE_CONNECTIONS.indexOf(TARGETS.atConnections)];
  if (!at50) throw new Error(`No run at ${TARGETS.atConnections} connections`);
  const failures =
    realStatic.failures +
    quoteRuns.reduce(
      (sum, result) => sum + result.errors + result.non2xx + result.requests - result.succeeded,
      0,
    );
  const cpuPerRequest = cpuPerGet(realStatic, bareStatic);
  const targets = {
    'GET / real/bare': {
      wanted: `>= ${TARGETS.staticRatio}`,
      measured: round(staticRatio, 2),
      met: staticRatio >= TARGETS.staticRatio,
    },
    'GET / server CPU, real/bare': {
      wanted: `<= ${TARGETS.staticCpuRatio}`,
      measured: cpuPerRequest
        ? `${cpuPerRequest.ratio} (${cpuPerRequest.real} / ${cpuPerRequest.bare} µs)`
        : '?',
      met: cpuPerRequest !== undefined && cpuPerRequest.ratio <= TARGETS.staticCpuRatio,
    },
    'GET / visits counted/not counted': {
      wanted: `>= ${TARGETS.countingRatio}`,
      measured: counting.ratio,
      met: counting.ratio >= TARGETS.countingRatio,
    },
    'quotes/s at 50 connections': {
      wanted: `>= ${TARGETS.quotesPerSecond}`,
      measured: round(at50.requestsPerSecond, 0),
      met: at50.requestsPerSecond >= TARGETS.quotesPerSecond,
    },
    'quote p99 at 50 connections': {
      wanted: `<= ${TARGETS.quoteP99Ms} ms`,
      measured: `${at50.latencyMs.p99} ms`,
      met: at50.latencyMs.p99 <= TARGETS.quoteP99Ms,
    },
    'errors and non-2xx': { wanted: '0', measured: failures, met: failures === 0 },
    'SQLite rows = "success" replies': {
      wanted: '0 lost, 0 duplicated',
      measured: `${integrity.rows} rows / ${integrity.successReplies} replies, ${integrity.lost} lost, ${integrity.duplicated} duplicated`,
      met:
        integrity.rows === integrity.successReplies &&
        integrity.lost === 0 &&
        integrity.duplicated === 0 &&
        integrity.notifications === integrity.rows,
    },
    ...(postgres ? postgresTargets(postgres, at50.requestsPerSecond) : {}),
  };

  const rows = resultRows(
    [
      ['GET / (real server)', realStatic],
      ['GET / (real, VISIT_COUNTING=false)', counting.off],
      ['GET / (bare, from memory)', bareStatic],
    ],
    STATIC_CONNECTIONS,
    [...quoteRuns, ...(postgres ? postgresRows(postgres) : [])],
  );
  const report = [
    '',
    `bench:api — ${host.cores} cores (${host.cpu}), Node ${host.node}, ${host.platform}, load average at start ${host.loadAverage.join(' ')}`,
    `GET /: ${rounds} × ${durationSeconds} s per server, Accept-Encoding: ${ACCEPT_ENCODING}. ` +
      `POST: ${quoteRequests} multipart quotes per row. SQLite WAL, synchronous=FULL.` +
      (postgres
        ? ` PostgreSQL ${postgres.settings.version}: fsync=${postgres.settings.fsync}, synchronous_commit=${postgres.settings.synchronousCommit}, full_page_writes=${postgres.settings.fullPageWrites}, pool of DATABASE_POOL_SIZE (20 by default) per instance.`
        : ''),
    '',
    table(
      ['', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'server p50', 'server p99', 'server CPU', 'failed'],
      rows,
    ),
    '',
    `GET / real/bare ratio: ${round(staticRatio, 2)} (requests/s under the same load generator).` +
      (cpuPerRequest
        ? ` Server CPU per GET: real ${cpuPerRequest.real} µs, bare ${cpuPerRequest.bare} µs (real/bare ${cpuPerRequest.ratio}).` +
          ' A server well below one busy core was not the limit of its requests/s: the load generator on the same cores was.'
        : ''),
    `GET / visits counted/not counted: median ${counting.medianRequestsPerSecond.on} / ${counting.medianRequestsPerSecond.off} requests/s, ratio ${counting.ratio}` +
      ` (server CPU per GET ${counting.cpuMicrosecondsPerGet.on ?? '?'} / ${counting.cpuMicrosecondsPerGet.off ?? '?'} µs).`,
    `After the load: ${integrity.rows} rows and ` +
      `${integrity.notifications} notification outbox rows for ${integrity.successReplies} "success" replies ` +
      `(${integrity.lost} lost, ${integrity.duplicated} duplicated); server exit ${JSON.stringify(serverExit)}.`,
    '',
    table(
      ['target', 'wanted', 'measured', 'met'],
      Object.entries(targets).map(([name, check]) => [
        name,
        check.wanted,
        String(check.measured),
        check.met ? 'yes' : 'NO',
      ]),
    ),
  ];
  console.log(report.join('\n'));
  for (const result of [...quoteRuns, ...(postgres ? postgresRows(postgres) : [])]) {
    if (Object.keys(result.otherReplies).length > 0) {
      console.log(
        `Replies other than "success" (${'label' in result ? result.label : result.connections}):`,
        result.otherReplies,
      );
    }
  }

  saveJson(args.out, {
    benchmark: 'bench:api',
    date: new Date().toISOString(),
    machine: host,
    settings: {
      server: 'build/node/server/main.js; LOG_LEVEL=info; no SMTP_URL (.eml files); RATE_LIMIT_MAX=1000000',
      staticConnections: STATIC_CONNECTIONS,
      staticSecondsPerRun: durationSeconds,
      staticRounds: rounds,
      acceptEncoding: ACCEPT_ENCODING,
      quoteConnections: QUOTE_CONNECTIONS,
      quoteRequestsPerRun: quoteRequests,
    },
    static: { real: realStatic, bare: bareStatic, ratio: staticRatio, cpuPerRequest, runs: staticRuns },
    visitCounting: counting,
    quotes: quoteRuns,
    integrity,
    postgres: postgres ?? null,
    targets,
    printed: report.join('\n'),
  });
  console.log(`\nSaved ${args.out}`);
  if (!Object.values(targets).every((check) => check.met)) exitCode = 1;
} finally {
  for (const running of started) await stopServer(running, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
