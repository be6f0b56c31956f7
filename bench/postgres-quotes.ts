/**
 * `npm run bench:api`'s PostgreSQL rows: the production server posting quotes
 * into a throw-away PostgreSQL cluster made durable as a production one is
 * (fsync, full_page_writes and synchronous_commit on), first one instance,
 * then two instances behind a round-robin load balancer
 * (bench/round-robin-proxy.ts), each on a fresh database. After each run the
 * servers are stopped and the database is checked: one row for every
 * "success" reply and nothing else.
 */
import { join } from 'node:path';
import { checkPostgres } from './quote-integrity.ts';
import { quoteLoad } from './quote-load.ts';
import { runLoadWatching } from './load.ts';
import { round } from './report.ts';
import { logOffset, quantile, serverTimes } from './server-log.ts';
import { startPostgresCluster, type PostgresCluster } from '../server/test/postgres-cluster.ts';
import { BUILT_SERVER, startServer, stopServer, type RunningServer } from '../server/test/server-process.ts';
import { LOG_FLUSH_MS } from '../server/ops/log-destination.ts';
import pg from 'pg';

interface PostgresBenchOptions {
  dir: string;
  siteDir: string;
  connections: number;
  requests: number;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the cluster really runs with, read back from it. */
async function durability(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const setting = async (name: string) =>
      (await client.query<{ setting: string }>('select setting from pg_settings where name = $1', [name]))
        .rows[0]?.setting ?? '?';
    return {
      version:
        (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ??
        '?',
      fsync: await setting('fsync'),
      synchronousCommit: await setting('synchronous_commit'),
      fullPageWrites: await setting('full_page_writes'),
      walSync: await setting('wal_sync_method'),
    };
  } finally {
    await client.end();
  }
}

async function runOn(cluster: PostgresCluster, instances: number, options: PostgresBenchOptions) {
  const url = await cluster.createDatabase();
  const servers: RunningServer[] = [];
  const logs: string[] = [];
  let proxy: RunningServer | undefined;
  try {
    for (let index = 0; index < instances; index++) {
      const logFile = join(options.dir, `postgres-${instances}-${index}.log`);
      logs.push(logFile);
      servers.push(
        await startServer({
          ...BUILT_SERVER,
          env: {
            HOST: '127.0.0.1',
            PORT: '0',
            SITE_DIR: options.siteDir,
            DATABASE_URL: url,
            MAIL_DIR: join(options.dir, `mail-postgres-${instances}-${index}`),
            RATE_LIMIT_MAX: '1000000',
          },
          logFile,
        }),
      );
    }
    if (instances > 1) {
      proxy = await startServer({
        command: process.execPath,
        args: ['--import', 'tsx', 'bench/round-robin-proxy.ts'],
        env: { PORT: '0', TARGETS: servers.map((server) => new URL(server.url).host).join(',') },
      });
    }
    const target = proxy ?? servers[0];
    if (!target) throw new Error('No server');
    const pids = servers.map((server) => server.pid);

    const warmUp = await quoteLoad(target.url, 'w');
    await runLoadWatching(pids, {
      url: target.url,
      connections: 10,
      run: { requests: 2000 },
      request: warmUp.request,
    });
    const load = await quoteLoad(target.url, 'p');
    await settle(LOG_FLUSH_MS + 200);
    const from = logs.map(logOffset);
    const result = await runLoadWatching(pids, {
      url: target.url,
      connections: options.connections,
      run: { requests: options.requests },
      request: load.request,
    });
    await settle(LOG_FLUSH_MS + 200);
    const times = logs
      .flatMap((file, index) => serverTimes(file, from[index] ?? 0, logOffset(file)))
      .sort((a, b) => a - b);
    if (proxy) await stopServer(proxy);
    const serverExits = [];
    for (const server of servers) serverExits.push(await stopServer(server));
    return {
      instances,
      ...result,
      succeeded: load.succeeded.size,
      otherReplies: Object.fromEntries(load.failures),
      serverLatencyMs: { p50: round(quantile(times, 0.5)), p99: round(quantile(times, 0.99)) },
      integrity: { ...(await checkPostgres(url, [warmUp, load])), serverExits },
    };
  } finally {
    if (proxy) await stopServer(proxy, 'SIGKILL');
    for (const server of servers) await stopServer(server, 'SIGKILL');
  }
}

/** One instance, then two behind the load balancer, on one durable cluster. */
export async function postgresQuoteRuns(options: PostgresBenchOptions) {
  const cluster = await startPostgresCluster({ fsync: true });
  try {
    const settings = await durability(cluster.url());
    console.log(`POST /api/quote on PostgreSQL ${settings.version}, one instance…`);
    const single = await runOn(cluster, 1, options);
    console.log('POST /api/quote on PostgreSQL, two instances behind a round-robin proxy…');
    const pair = await runOn(cluster, 2, options);
    return { settings, runs: [single, pair] };
  } finally {
    await cluster.destroy();
  }
}

type PostgresRuns = Awaited<ReturnType<typeof postgresQuoteRuns>>;
type PostgresRun = PostgresRuns['runs'][number];

/** The one-instance target: durable quotes per second at the given connections. */
const POSTGRES_QUOTES_PER_SECOND = 1000;
/**
 * And against SQLite's durable quotes/s at the same connections, in the same run
 * (docs/decisions/047-leads-of-a-write-group-in-one-statement.md).
 */
const POSTGRES_SQLITE_RATIO = 0.8;

const label = (run: PostgresRun) =>
  run.instances === 1 ? 'POST, PostgreSQL' : `POST, PostgreSQL ×${run.instances} (proxy)`;
const failed = (run: PostgresRun) => run.errors + run.non2xx + run.requests - run.succeeded;

/** The runs as rows of bench:api's table, labelled. */
export const postgresRows = (postgres: PostgresRuns) =>
  postgres.runs.map((run) => ({ ...run, label: label(run) }));

/**
 * bench:api's targets for PostgreSQL: quotes/s of one instance, alone and against SQLite's at the same
 * connections in the same run, and no reply without its row.
 */
export function postgresTargets(postgres: PostgresRuns, sqliteQuotesPerSecond: number) {
  const [single] = postgres.runs;
  const targets: Record<string, { wanted: string; measured: string | number; met: boolean }> = {};
  if (single) {
    targets['PostgreSQL quotes/s, one instance'] = {
      wanted: `>= ${POSTGRES_QUOTES_PER_SECOND}`,
      measured: round(single.requestsPerSecond, 0),
      met: single.requestsPerSecond >= POSTGRES_QUOTES_PER_SECOND,
    };
    const ratio = single.requestsPerSecond / sqliteQuotesPerSecond;
    targets['PostgreSQL/SQLite quotes/s, same run'] = {
      wanted: `>= ${POSTGRES_SQLITE_RATIO}`,
      measured: round(ratio, 2),
      met: ratio >= POSTGRES_SQLITE_RATIO,
    };
  }
  for (const run of postgres.runs) {
    const { integrity } = run;
    targets[`${label(run)}: rows = "success"`] = {
      wanted: '0 failed, lost, duplicated',
      measured: `${integrity.rows} rows / ${integrity.successReplies} replies, ${failed(run)} failed, ${integrity.lost} lost, ${integrity.duplicated} duplicated`,
      met:
        failed(run) === 0 &&
        integrity.rows === integrity.successReplies &&
        integrity.lost === 0 &&
        integrity.duplicated === 0 &&
        integrity.notifications === integrity.rows,
    };
  }
  return targets;
}
