/**
 * How fast a lead sent through the public form reaches its integrations, from the built server
 * process to local receivers (WEBHOOK_ALLOW_PRIVATE=true, loopback only): one signed webhook, one
 * Slack-like and one Teams-like path. Per kind: the time from POST /api/quote's 200 answer to the
 * receiver getting that lead, and each webhook's Standard Webhooks signature checked with the
 * `standardwebhooks` package.
 * Second scenario, "receiver down": the webhook answers 503 for DOWN_SECONDS; leads are posted while
 * it is down, late enough that their first retry (5 s ±10 %, the fixed schedule) falls after it is
 * back. Each must arrive on that retry, not wait for the next one (5 min).
 * Usage: npm run bench:integrations [-- <leads>]  (DATABASE_URL set: on PostgreSQL)
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { builtServerEnv } from './built-server-env.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import type { IntegrationKind } from '../common/integration-domain.ts';
import { newSigningSecret } from '../server/integrations/signing-secret.ts';
import { loadConfig } from '../server/config/config.ts';
import { openStores } from '../server/stores.ts';
import { isSuccess, postQuote } from '../server/test/quote-client.ts';
import { BUILT_SERVER, startServer, stopServer } from '../server/test/server-process.ts';
import { storeIntegration } from '../server/test/stored-integration.ts';
import { machine, round, saveJson, table } from './report.ts';
import { quantile } from './server-log.ts';

const LEADS = Number(process.argv[2] ?? 200);
/** Leads posted while the webhook is down. */
const DOWN_LEADS = 30;
const DOWN_SECONDS = 6;
/** When in the outage leads are posted: from here their 5 s retry (4.5 s at the earliest) comes after it. */
const DOWN_POST_FROM_MS = 2_000;
const DOWN_POST_UNTIL_MS = 5_000;
/** Between two quotes: a visitor's pace, not a load test (the rate limit is raised anyway). */
const PACE_MS = 20;
const KINDS: readonly IntegrationKind[] = ['webhook', 'slack', 'teams'];
const NAME_PREFIX = 'Bench Lead ';

if (!existsSync('build/.complete')) {
  console.log('No build: running "npm run build" first.');
  execSync('npm run build', { stdio: 'inherit' });
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the receivers saw, per kind: when each lead first arrived, and every request's answer. */
const arrivals = new Map<IntegrationKind, Map<number, number>>(KINDS.map((kind) => [kind, new Map()]));
const requestsSeen = new Map<IntegrationKind, number>(KINDS.map((kind) => [kind, 0]));
const badSignatures = new Map<IntegrationKind, number>(KINDS.map((kind) => [kind, 0]));
const webhookState = { status: 200, refused: 0, upAt: 0 };
const secret = newSigningSecret();
const verifier = new Webhook(secret);

const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = now();
    const kind = KINDS.find((each) => request.url === `/${each}`);
    if (!kind) return void response.writeHead(404).end();
    requestsSeen.set(kind, (requestsSeen.get(kind) ?? 0) + 1);
    if (kind === 'webhook' && webhookState.status !== 200) {
      webhookState.refused += 1;
      return void response.writeHead(webhookState.status).end('down');
    }
    const body = Buffer.concat(chunks).toString('utf8');
    if (kind === 'webhook') {
      try {
        verifier.verify(body, request.headers as Record<string, string>);
      } catch {
        badSignatures.set(kind, (badSignatures.get(kind) ?? 0) + 1);
      }
    }
    // The name is in all three bodies (the webhook's data, Slack's header, Teams' card).
    const index = new RegExp(`${NAME_PREFIX}(\\d+)`).exec(body)?.[1];
    const seen = arrivals.get(kind);
    if (index !== undefined && seen && !seen.has(Number(index))) seen.set(Number(index), at);
    response.writeHead(kind === 'teams' ? 202 : 200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const dir = mkdtempSync(join(tmpdir(), 'bench-integrations-'));
const env: Record<string, string> = {
  ...builtServerEnv(dir),
  RATE_LIMIT_MAX: String((LEADS + DOWN_LEADS) * 2),
  WEBHOOK_ALLOW_PRIVATE: 'true',
  // A new lead wakes the worker at once; the poll only finds the retries that have come due.
  OUTBOX_POLL_MS: '1000',
};

const seed = await openStores(loadConfig(env));
for (const kind of KINDS) {
  await storeIntegration(
    seed.storage,
    kind,
    `${receiverUrl}/${kind}`,
    kind === 'webhook' ? secret : undefined,
  );
}
await seed.close();

const server = await startServer({ ...BUILT_SERVER, env, logFile: join(dir, 'server.log') });

/** When each lead's POST was answered 200 "success", by its number. */
const answeredAt = new Map<number, number>();
let refusedPosts = 0;
async function sendLead(index: number) {
  const outcome = await postQuote(
    server.url,
    sampleQuote({ name: `${NAME_PREFIX}${index}`, email: `bench${index}@company.example` }),
  );
  if (isSuccess(outcome)) answeredAt.set(index, now());
  else refusedPosts += 1;
}

/** Waits until every lead in `indexes` reached every kind, or the time is up. */
async function waitForArrivals(indexes: number[], timeoutMs: number) {
  const until = now() + timeoutMs;
  const arrived = () =>
    KINDS.every((kind) => indexes.every((index) => !answeredAt.has(index) || arrivals.get(kind)?.has(index)));
  while (!arrived() && now() < until) await sleep(50);
}

/** The latencies of `indexes` for one kind: arrival minus the POST's answer, in ms, sorted. */
function latencies(kind: IntegrationKind, indexes: number[]) {
  const times: number[] = [];
  let missed = 0;
  for (const index of indexes) {
    const answered = answeredAt.get(index);
    if (answered === undefined) continue;
    const arrived = arrivals.get(kind)?.get(index);
    if (arrived === undefined) missed += 1;
    else times.push(arrived - answered);
  }
  return { times: times.sort((a, b) => a - b), missed };
}

function summary(kind: IntegrationKind, indexes: number[]) {
  const { times, missed } = latencies(kind, indexes);
  return {
    kind,
    deliveries: times.length,
    missed,
    p50Ms: round(quantile(times, 0.5)),
    p95Ms: round(quantile(times, 0.95)),
    maxMs: round(quantile(times, 1)),
  };
}

const steady = Array.from({ length: LEADS }, (_, index) => index);
const down = Array.from({ length: DOWN_LEADS }, (_, index) => LEADS + index);
async function run() {
  // Scenario 1: every receiver up.
  for (const index of steady) {
    await sendLead(index);
    await sleep(PACE_MS);
  }
  await waitForArrivals(steady, 30_000);
  const steadyBadSignatures = badSignatures.get('webhook') ?? 0;
  const steadyRows = KINDS.map((kind) => ({
    ...summary(kind, steady),
    badSignatures: kind === 'webhook' ? steadyBadSignatures : 0,
  }));

  // Scenario 2: the webhook answers 503 for DOWN_SECONDS.
  webhookState.status = 503;
  const downAt = now();
  const backUp = sleep(DOWN_SECONDS * 1000).then(() => {
    webhookState.status = 200;
    webhookState.upAt = now();
  });
  await sleep(DOWN_POST_FROM_MS);
  const gap = (DOWN_POST_UNTIL_MS - DOWN_POST_FROM_MS) / DOWN_LEADS;
  for (const index of down) {
    await sendLead(index);
    await sleep(Math.max(0, downAt + DOWN_POST_FROM_MS + gap * (index - LEADS + 1) - now()));
  }
  await backUp;
  await waitForArrivals(down, 20_000);
  const webhookDown = summary('webhook', down);
  const lastArrival = Math.max(...down.map((index) => arrivals.get('webhook')?.get(index) ?? Number.NaN));
  const downResults = {
    downSeconds: DOWN_SECONDS,
    leads: down.filter((index) => answeredAt.has(index)).length,
    refusedWhileDown: webhookState.refused,
    ...webhookDown,
    lastArrivalAfterBackUpMs: round(lastArrival - webhookState.upAt),
    badSignatures: (badSignatures.get('webhook') ?? 0) - steadyBadSignatures,
  };
  return {
    leads: LEADS,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    refusedPosts,
    steady: steadyRows,
    receiverDown: downResults,
  };
}

const results = await run().finally(async () => {
  await stopServer(server);
  receiver.closeAllConnections();
  receiver.close();
});

console.log(
  `\n${LEADS} public quotes to a signed webhook, Slack and Teams on loopback (${results.database}, built server); target: within seconds, 0 missed, 0 bad signatures\n`,
);
console.log(
  table(
    ['Kind', 'Deliveries', 'Missed', 'Bad signatures', 'p50 (ms)', 'p95 (ms)', 'Max (ms)'],
    results.steady.map((row) => [
      row.kind,
      row.deliveries,
      row.missed,
      row.badSignatures,
      row.p50Ms,
      row.p95Ms,
      row.maxMs,
    ]),
  ),
);
const downRow = results.receiverDown;
console.log(
  `\nReceiver down: the webhook answers 503 for ${DOWN_SECONDS} s; ${downRow.leads} leads posted ${DOWN_POST_FROM_MS / 1000}-${DOWN_POST_UNTIL_MS / 1000} s into it must arrive on the 5 s retry\n`,
);
console.log(
  table(
    ['Measure', 'Value'],
    [
      ['leads posted while down', downRow.leads],
      ['attempts answered 503', downRow.refusedWhileDown],
      ['delivered after it came back', downRow.deliveries],
      ['missed (left for the 5 min retry)', downRow.missed],
      ['bad signatures', downRow.badSignatures],
      ['POST to arrival p50 (ms)', downRow.p50Ms],
      ['POST to arrival max (ms)', downRow.maxMs],
      ['last arrival after back up (ms)', downRow.lastArrivalAfterBackUpMs],
    ],
  ),
);
if (results.refusedPosts > 0) console.log(`\n${results.refusedPosts} quotes were not answered 200 "success"`);
saveJson(`bench/results/bench-integrations${process.env.DATABASE_URL ? '-postgres' : ''}.json`, {
  machine: machine(),
  at: new Date().toISOString(),
  results,
});
const failed =
  results.refusedPosts > 0 ||
  downRow.missed > 0 ||
  downRow.badSignatures > 0 ||
  results.steady.some((row) => row.missed > 0 || row.badSignatures > 0);
process.exit(failed ? 1 : 0);
