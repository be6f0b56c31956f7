/**
 * `npm run bench:api`: the production server under load, measured side by side in one run.
 *
 * 1. Builds if there is no build, and always recompiles the server, so the
 *    figures are for the code as it is now.
 * 2. Starts the real server (build/node/server/main.js) as its own process with
 *    a fresh database (WAL, synchronous=FULL) and the rate limit raised, and a
 *    bare Fastify server (bench/bare-page-server.ts) that answers GET / with
 *    the same bytes and headers from memory. Drives both with autocannon, in
 *    alternating rounds, and reports the ratio.
 * 3. Posts valid multipart quotes at 10, 50 and 200 connections, each with its
 *    own email address, then stops the server (SIGTERM) and checks that the
 *    database holds exactly one row for every "success" reply and nothing else.
 * 4. Prints a table and saves bench/results/bench-api.json.
 *
 * Usage: npm run bench:api [-- --duration <seconds per GET run>] [--rounds <GET rounds>]
 *                             [--quotes <requests per POST run>] [--out <file>]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { runLoadWatching, type LoadResult } from './load.ts';
import { quoteLoad, type QuoteLoad } from './quote-load.ts';
import { machine, round, saveJson, table } from './report.ts';
import { logOffset, quantile, serverTimes } from './server-log.ts';
import {
  BUILT_SERVER,
  startServer,
  stopServer,
  type RunningServer,
  type ServerProcess,
} from '../server/test/server-process.ts';

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
const TARGETS = { staticRatio: 0.8, quotesPerSecond: 500, quoteP99Ms: 50, atConnections: 50 };
/** What browsers send. */
const ACCEPT_ENCODING = 'br, gzip, deflate';

function run(command: string, commandArgs: string[]) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET, with nothing decoded, for the exact headers and bytes. */
function rawGet(url: string, acceptEncoding: string | undefined): Promise<RawResponse> {
  return new Promise((resolveResponse, reject) => {
    const request = httpRequest(url, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolveResponse({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Headers that belong to the connection or the moment, not to the page. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const pageHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function staticSummary(runs: LoadResult[]) {
  return {
    requestsPerSecond: mean(runs.map((result) => result.requestsPerSecond)),
    p50: mean(runs.map((result) => result.latencyMs.p50)),
    p99: mean(runs.map((result) => result.latencyMs.p99)),
    serverCpu: runs.every((result) => typeof result.serverCpu === 'number')
      ? mean(runs.map((result) => result.serverCpu ?? 0))
      : null,
    failures: runs.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
  };
}

/** Starts the bare server with the real server's headers, and checks it answers the same. */
async function startBareServer(realUrl: string, dir: string, siteDir: string): Promise<RunningServer> {
  const captured = {
    identity: await rawGet(`${realUrl}/`, undefined),
    br: await rawGet(`${realUrl}/`, 'br'),
    gzip: await rawGet(`${realUrl}/`, 'gzip'),
  };
  const headersFile = join(dir, 'headers.json');
  writeFileSync(
    headersFile,
    JSON.stringify({
      identity: pageHeaders(captured.identity.headers),
      br: pageHeaders(captured.br.headers),
      gzip: pageHeaders(captured.gzip.headers),
    }),
  );
  const bare = await startServer({
    command: process.execPath,
    args: ['--import', 'tsx', 'bench/bare-page-server.ts'],
    env: { SITE_DIR: siteDir, HEADERS_FILE: headersFile, PORT: '0' },
  });
  for (const encoding of ['identity', 'br', 'gzip'] as const) {
    const mine = await rawGet(`${bare.url}/`, encoding === 'identity' ? undefined : encoding);
    const real = captured[encoding];
    const sameHeaders =
      JSON.stringify(pageHeaders(mine.headers)) === JSON.stringify(pageHeaders(real.headers));
    if (real.status !== 200 || mine.status !== 200 || !mine.body.equals(real.body) || !sameHeaders) {
      await stopServer(bare, 'SIGKILL');
      throw new Error(`The bare server's ${encoding} reply differs from the real server's`);
    }
  }
  return bare;
}

/** Counts the rows after the load and matches them with the replies. */
function checkDatabase(databasePath: string, loads: QuoteLoad[]) {
  const database = new SQLite(databasePath, { readonly: true });
  const emails = database.prepare('SELECT email FROM quote_requests').pluck().all() as string[];
  const notifications = database
    .prepare("SELECT count(*) FROM outbox WHERE kind = 'notification'")
    .pluck()
    .get() as number;
  database.close();
  const stored = new Map<string, number>();
  for (const email of emails) stored.set(email, (stored.get(email) ?? 0) + 1);
  const successes = loads.reduce((total, load) => total + load.succeeded.size, 0);
  const lost = loads.reduce(
    (total, load) => total + [...load.succeeded].filter((marker) => !stored.has(load.emailOf(marker))).length,
    0,
  );
  const duplicated = [...stored.values()].filter((count) => count > 1).length;
  return { successReplies: successes, rows: emails.length, notifications, lost, duplicated };
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

  // --- GET /: the real server against the same bytes from memory ---------------------------------
  const bare = await startBareServer(server.url, dir, siteDir);
  started.push(bare);
  const staticRequest = {
    method: 'GET' as const,
    path: '/',
    headers: { 'accept-encoding': ACCEPT_ENCODING },
  };
  const hitPage = (target: RunningServer, seconds: number) =>
    runLoadWatching(target.pid, {
      url: target.url,
      connections: STATIC_CONNECTIONS,
      run: { seconds },
      request: staticRequest,
    });
  console.log(`GET /: warming up, then ${rounds} alternating rounds of ${durationSeconds} s per server…`);
  await hitPage(server, 3);
  await hitPage(bare, 3);
  const staticRuns: { real: LoadResult[]; bare: LoadResult[] } = { real: [], bare: [] };
  for (let index = 0; index < rounds; index++) {
    staticRuns.real.push(await hitPage(server, durationSeconds));
    staticRuns.bare.push(await hitPage(bare, durationSeconds));
  }
  await stopServer(bare);
  const realStatic = staticSummary(staticRuns.real);
  const bareStatic = staticSummary(staticRuns.bare);
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
    const from = logOffset(logFile);
    const result = await runLoadWatching(server.pid, {
      url: server.url,
      connections,
      run: { requests: quoteRequests },
      request: load.request,
    });
    const times = serverTimes(logFile, from, logOffset(logFile));
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

  // --- Report ---------------------------------------------------------------------------------------
  const at50 = quoteRuns[QUOTE_CONNECTIONS.indexOf(TARGETS.atConnections)];
  if (!at50) throw new Error(`No run at ${TARGETS.atConnections} connections`);
  const failures =
    realStatic.failures +
    quoteRuns.reduce(
      (sum, result) => sum + result.errors + result.non2xx + result.requests - result.succeeded,
      0,
    );
  const targets = {
    'GET / real/bare': {
      wanted: `>= ${TARGETS.staticRatio}`,
      measured: round(staticRatio, 2),
      met: staticRatio >= TARGETS.staticRatio,
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
    'rows = "success" replies': {
      wanted: '0 lost, 0 duplicated',
      measured: `${integrity.rows} rows / ${integrity.successReplies} replies, ${integrity.lost} lost, ${integrity.duplicated} duplicated`,
      met:
        integrity.rows === integrity.successReplies &&
        integrity.lost === 0 &&
        integrity.duplicated === 0 &&
        integrity.notifications === integrity.rows,
    },
  };

  const cpu = (value: number | null | undefined) => (typeof value === 'number' ? value.toFixed(2) : '?');
  const rows: (string | number)[][] = [
    [
      'GET / (real server)',
      STATIC_CONNECTIONS,
      round(realStatic.requestsPerSecond, 0),
      round(realStatic.p50),
      round(realStatic.p99),
      '',
      '',
      cpu(realStatic.serverCpu),
      realStatic.failures,
    ],
    [
      'GET / (bare, from memory)',
      STATIC_CONNECTIONS,
      round(bareStatic.requestsPerSecond, 0),
      round(bareStatic.p50),
      round(bareStatic.p99),
      '',
      '',
      cpu(bareStatic.serverCpu),
      bareStatic.failures,
    ],
    ...quoteRuns.map((result) => [
      'POST /api/quote',
      result.connections,
      round(result.requestsPerSecond, 0),
      result.latencyMs.p50,
      result.latencyMs.p99,
      result.serverLatencyMs.p50,
      result.serverLatencyMs.p99,
      cpu(result.serverCpu),
      result.errors + result.non2xx + result.requests - result.succeeded,
    ]),
  ];
  const microseconds = (summary: ReturnType<typeof staticSummary>) =>
    summary.serverCpu === null ? undefined : (summary.serverCpu / summary.requestsPerSecond) * 1e6;
  const realCpu = microseconds(realStatic);
  const bareCpu = microseconds(bareStatic);
  const cpuPerRequest =
    realCpu === undefined || bareCpu === undefined
      ? undefined
      : { real: round(realCpu, 0), bare: round(bareCpu, 0), ratio: round(bareCpu / realCpu, 2) };
  const report = [
    '',
    `bench:api — ${host.cores} cores (${host.cpu}), Node ${host.node}, ${host.platform}, load average at start ${host.loadAverage.join(' ')}`,
    `GET /: ${rounds} × ${durationSeconds} s per server, Accept-Encoding: ${ACCEPT_ENCODING}. ` +
      `POST: ${quoteRequests} multipart quotes per row. SQLite WAL, synchronous=FULL.`,
    '',
    table(
      ['', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'server p50', 'server p99', 'server CPU', 'failed'],
      rows,
    ),
    '',
    `GET / real/bare ratio: ${round(staticRatio, 2)} (requests/s under the same load generator).` +
      (cpuPerRequest
        ? ` Server CPU per GET: real ${cpuPerRequest.real} µs, bare ${cpuPerRequest.bare} µs (ratio ${cpuPerRequest.ratio}):` +
          ' a server well below one busy core was not the limit, the load generator on the same cores was.'
        : ''),
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
  for (const result of quoteRuns) {
    if (Object.keys(result.otherReplies).length > 0) {
      console.log(`Replies other than "success" at ${result.connections} connections:`, result.otherReplies);
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
    quotes: quoteRuns,
    integrity,
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
