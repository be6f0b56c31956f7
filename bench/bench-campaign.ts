/**
 * npm run bench:campaign: a newsletter campaign sent to 10,000 confirmed subscribers by the real
 * server (the production build), with the throttle off (CAMPAIGN_RATE_PER_MINUTE=0), to a local SMTP
 * sink (bench/campaign-sink.ts) that counts what each recipient got by Message-ID. Halfway (50% of the
 * messages accepted) the server is killed with SIGKILL and started again on the same database: it must
 * resume by itself. Prints messages/s and the server's peak RSS above idle (/proc: VmRSS sampled,
 * VmHWM), and checks: 0 recipients missed, 0 sent twice with different Message-IDs (the same
 * Message-ID again after the crash is allowed: the message accepted but not yet recorded). Saves
 * bench/results/bench-campaign.json and exits 1 when a target is missed.
 *
 * Targets (issue 22): >= 200 messages/s on this 2-core machine; peak RSS <= 50 MB above idle.
 *
 * Usage: npm run bench:campaign [-- N] [-- --no-kill]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machine, round, saveJson, table } from './report.ts';
import { startCampaignSink } from './campaign-sink.ts';
import { readProcessMemory, sampleProcessMemory } from './process-memory.ts';
import { loadConfig } from '../server/config.ts';
import { openStores } from '../server/stores.ts';
import { freePort } from '../server/test/free-port.ts';
import { BUILT_SERVER, startServer, stopServer, type RunningServer } from '../server/test/server-process.ts';
import { sqliteOf } from '../server/test/sqlite-of.ts';

const { values: options, positionals } = parseArgs({
  options: { 'no-kill': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const SUBSCRIBERS = Number(positionals[0] ?? 10_000);
const KILL_AT = options['no-kill'] ? undefined : 0.5;
const TARGETS = { messagesPerSecond: 200, peakAboveIdleMb: 50 };
/** No message for this long: the sending is stuck, and the run ends with what arrived. */
const STALL_MS = 120_000;
const STAFF = 'bench@example.com';

if (!existsSync('build/.complete')) {
  console.error('No build: run "npm run build" first.');
  process.exit(1);
}

/** The trigger's endpoint still answers 409 (server/admin/campaign-routes.ts: campaignSendingRoutes). */
class SenderNotReady extends Error {}

/**
 * Starts the campaign's sending as the inbox's "Send now" does: POST /admin/api/campaigns/:id/send
 * with the draft's version (common/inbox-api/campaign-endpoints.ts), from the inbox's own origin, under
 * a staff session. Until the sender lands, the route is a 409 stub: then this throws SenderNotReady.
 * Whoever lands the sender: check this against the final contract (body, reply) and adjust.
 */
async function triggerCampaignSend(
  server: RunningServer,
  siteUrl: string,
  cookie: string,
  campaign: { id: number; version: number },
): Promise<void> {
  const response = await fetch(`${server.url}/admin/api/campaigns/${campaign.id}/send`, {
    method: 'POST',
    headers: {
      cookie,
      origin: siteUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ version: campaign.version }),
  });
  const body = await response.text();
  if (response.status === 409 && !/stale-version|not-editable|no-recipients/.test(body)) {
    throw new SenderNotReady(`POST .../send answered 409: ${body.slice(0, 300)}`);
  }
  if (!response.ok) throw new Error(`POST .../send answered ${response.status}: ${body.slice(0, 300)}`);
}

/**
 * A fresh SQLite database: the server's migrations, SUBSCRIBERS confirmed subscribers (one transaction,
 * straight into the file), a draft campaign and a staff member's session.
 */
async function seed(env: Record<string, string>) {
  const stores = await openStores(loadConfig(env));
  try {
    const sqlite = sqliteOf(stores.storage);
    const insert = sqlite.prepare(
      `INSERT INTO subscribers (email, status, created_at, last_signup_at, confirmed_at, unsubscribed_at,
         source_page, consent_version, consent_text)
       VALUES (?, 'confirmed', ?, ?, ?, NULL, '/', 'bench', 'Subscribed for the benchmark.')`,
    );
    const at = new Date().toISOString();
    sqlite.transaction(() => {
      for (let index = 0; index < SUBSCRIBERS; index++) {
        insert.run(`reader${index}@bench.example`, at, at, at);
      }
    })();
    const campaign = await stores.campaigns.create(
      {
        subject: 'Benchmark newsletter',
        preheader: 'What a campaign to 10,000 readers costs the server.',
        bodyMarkdown: '# Hello\n\nA **benchmark** campaign, with [a link](https://www.example.com/).\n',
      },
      STAFF,
    );
    const { id } = await stores.storage.db
      .insertInto('admin_accounts')
      .values({
        email: STAFF,
        user_handle: 'YmVuY2g',
        created_at: at,
        revoked_at: null,
        last_sign_in_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await stores.sessions.start(id, new Date());
    return { campaign: { id: campaign.id, version: campaign.version }, cookie: `__Host-session=${token}` };
  } finally {
    await stores.close();
  }
}

/** Waits until the sink has this many messages, or until nothing has arrived for STALL_MS. */
async function waitForMessages(sink: Awaited<ReturnType<typeof startCampaignSink>>, messages: number) {
  let last = sink.received;
  let lastChange = performance.now();
  while (sink.received < messages) {
    await Promise.race([sink.waitFor(messages), new Promise((resolve) => setTimeout(resolve, 1000))]);
    if (sink.received !== last) [last, lastChange] = [sink.received, performance.now()];
    else if (performance.now() - lastChange > STALL_MS) return false;
  }
  return true;
}

const mb = (kb: number) => round(kb / 1024);

const dir = mkdtempSync(join(tmpdir(), 'bench-campaign-'));
const sink = await startCampaignSink();
const port = await freePort();
const siteUrl = `http://localhost:${port}`;
const env = {
  DATABASE_PATH: join(dir, 'site.db'),
  MAIL_DIR: join(dir, 'mail'),
  SITE_DIR: 'build/client',
  HOST: '127.0.0.1',
  PORT: String(port),
  SITE_URL: siteUrl,
  // "Server listening at" is an info line: startServer waits for it.
  LOG_LEVEL: 'info',
  SMTP_URL: sink.url,
  MAIL_FROM: 'Acme Tech <quotes@example.com>',
  NEWSLETTER_FROM: 'Acme Tech Newsletter <news@example.com>',
  MAIL_TO: 'sales@example.com',
  CAMPAIGN_RATE_PER_MINUTE: '0',
};
const host = machine();
console.log(
  `bench:campaign — ${SUBSCRIBERS.toLocaleString('en-IN')} subscribers; ${host.cores} cores (${host.cpu}), ` +
    `Node ${host.node}, load average ${host.loadAverage.join(' ')}`,
);

const seedStart = performance.now();
const { campaign, cookie } = await seed(env);
const seedMs = performance.now() - seedStart;
const start = () => startServer({ ...BUILT_SERVER, env, logFile: join(dir, 'server.log') });

let server = await start();
const processes: { role: string; idleKb: number; peakKb: number; kernelPeakKb: number }[] = [];
let exitCode = 0;
try {
  // Idle: listening, its first requests answered, settled.
  await fetch(`${server.url}/healthz`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleKb = readProcessMemory(server.pid)?.rssKb ?? NaN;
  let sampler = sampleProcessMemory(server.pid);
  const sendStart = performance.now();
  try {
    await triggerCampaignSend(server, siteUrl, cookie, campaign);
  } catch (error) {
    if (!(error instanceof SenderNotReady)) throw error;
    console.log(`\nThe sender has not landed yet, so nothing was sent: ${error.message}`);
    console.log(
      `Ready: ${SUBSCRIBERS} subscribers seeded in ${round(seedMs / 1000)} s; idle RSS ${mb(idleKb)} MB.`,
    );
    exitCode = 2;
  }
  if (exitCode === 0) {
    let killedAt: number | undefined;
    let restartedAt: number | undefined;
    if (KILL_AT !== undefined) {
      await waitForMessages(sink, Math.ceil(SUBSCRIBERS * KILL_AT));
      const peak = sampler.stop();
      processes.push({ role: 'first', idleKb, peakKb: peak.sampledPeakKb, kernelPeakKb: peak.kernelPeakKb });
      killedAt = performance.now();
      await stopServer(server, 'SIGKILL');
      server = await start();
      restartedAt = performance.now();
      sampler = sampleProcessMemory(server.pid);
    }
    const complete = await waitForMessages(sink, SUBSCRIBERS);
    const peak = sampler.stop();
    // A restarted server resumes at once, with no idle moment to measure: the first one's idle stands.
    processes.push({
      role: killedAt === undefined ? 'only' : 'after the restart',
      idleKb,
      peakKb: peak.sampledPeakKb,
      kernelPeakKb: peak.kernelPeakKb,
    });

    const missed = SUBSCRIBERS - sink.recipients;
    const twiceWithNewId = [...sink.byRecipient.values()].filter((ids) => ids.size > 1).length;
    const lastAt = sink.acceptedAt.at(-1) ?? sendStart;
    // The restart's downtime (kill, start, the lease to run out) is not sending time.
    const firstAfterRestart = restartedAt ? sink.acceptedAt.find((at) => at > (restartedAt ?? 0)) : undefined;
    const downtime = killedAt && firstAfterRestart ? firstAfterRestart - killedAt : 0;
    const sendingSeconds = (lastAt - sendStart - downtime) / 1000;
    const messagesPerSecond = sink.received / sendingSeconds;
    const peakAboveIdleMb = mb(Math.max(...processes.map((each) => each.kernelPeakKb)) - idleKb);

    const printed = table(
      ['process', 'idle RSS MB', 'peak RSS MB (sampled)', 'VmHWM MB'],
      processes.map((each) => [each.role, mb(each.idleKb), mb(each.peakKb), mb(each.kernelPeakKb)]),
    );
    const summary = [
      `${sink.received} messages to ${sink.recipients} of ${SUBSCRIBERS} recipients in ${round(sendingSeconds)} s of sending` +
        (downtime
          ? ` (+ ${round(downtime / 1000)} s from the kill to the first message after the restart)`
          : '') +
        `: ${round(messagesPerSecond)} messages/s (target >= ${TARGETS.messagesPerSecond}).`,
      `Peak RSS ${peakAboveIdleMb} MB above idle (target <= ${TARGETS.peakAboveIdleMb}).`,
      `Missed: ${missed}. Sent twice with different Message-IDs: ${twiceWithNewId}. ` +
        `The same Message-ID again (after the crash): ${sink.repeatedIds}.`,
      complete ? '' : `Stalled: nothing arrived for ${STALL_MS / 1000} s.`,
    ].filter(Boolean);
    console.log(`\n${printed}\n\n${summary.join('\n')}`);
    const met =
      complete &&
      missed === 0 &&
      twiceWithNewId === 0 &&
      messagesPerSecond >= TARGETS.messagesPerSecond &&
      peakAboveIdleMb <= TARGETS.peakAboveIdleMb;
    saveJson('bench/results/bench-campaign.json', {
      benchmark: 'bench:campaign',
      date: new Date().toISOString(),
      machine: host,
      subscribers: SUBSCRIBERS,
      killAt: KILL_AT ?? null,
      targets: TARGETS,
      seedMs,
      messages: sink.received,
      recipients: sink.recipients,
      missed,
      twiceWithNewId,
      repeatedIds: sink.repeatedIds,
      sendingSeconds,
      downtimeMs: downtime,
      messagesPerSecond,
      peakAboveIdleMb,
      processes,
      met,
      table: printed,
      summary,
    });
    console.log('\nSaved bench/results/bench-campaign.json');
    if (!met) exitCode = 1;
  }
} finally {
  await stopServer(server);
  await sink.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = exitCode;
