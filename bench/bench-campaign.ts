/**
 * Sends one campaign to N confirmed subscribers (default 10,000) from the real server process to a
 * local SMTP sink, throttle off (CAMPAIGN_RATE_PER_MINUTE=0). Prints the messages per second and the
 * server's peak RSS above idle; kills the server (SIGKILL) at half way, restarts it, and reports the
 * recipients missed and those sent two different emails (both must be 0; the same Message-ID twice is
 * a duplicate receivers drop). The restart waits for the dead process's leases to run out (about a
 * minute with the short SMTP timeouts set here), as a real restart would.
 * Usage: npm run bench:campaign [-- <subscribers>]  (DATABASE_URL set: on PostgreSQL)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { builtServerEnv } from './built-server-env.ts';
import { readerEmails, seedConfirmedSubscribers } from '../server/test/confirmed-subscribers.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../server/config/config.ts';
import { openStores } from '../server/stores.ts';
import { startServer, stopServer } from '../server/test/server-process.ts';
import { machine, round, saveJson, table } from './report.ts';

const subscribers = Number(process.argv[2] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-campaign-'));

/** The sink keeps only who got which Message-ID (no parsing: the bench measures the server). */
const received: { to: string; messageId: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const head = Buffer.concat(chunks).subarray(0, 4000).toString('latin1');
      const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '';
      for (const to of session.envelope.rcptTo) received.push({ to: to.address, messageId });
      callback();
    });
  },
});
// A killed server leaves its connections reset: the sink notes that and goes on listening.
sink.on('error', () => {});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as { port: number }).port}`;

const env: Record<string, string> = {
  ...builtServerEnv(dir),
  SMTP_URL: smtpUrl,
  SMTP_CONNECTION_TIMEOUT_MS: '1000',
  SMTP_GREETING_TIMEOUT_MS: '1000',
  SMTP_SOCKET_TIMEOUT_MS: '1000',
  CAMPAIGN_RATE_PER_MINUTE: '0',
  OUTBOX_POLL_MS: '200',
};
const config = loadConfig(env);

/** Kilobytes of a /proc/<pid>/status field (VmRSS now, VmHWM the peak). */
const memoryKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const seed = await openStores(config);
await seedConfirmedSubscribers(seed.storage, readerEmails(subscribers, 'bench.test'));
const campaign = await seed.campaigns.create(
  {
    subject: 'Bench news',
    preheader: 'A benchmark',
    bodyMarkdown: '# News\n\nRead [our blog](https://acme.test/blog).',
  },
  'bench@acme.test',
);
await seed.close();

const server = await startServer({ env, logFile: join(dir, 'server.log') });
await new Promise((resolve) => setTimeout(resolve, 1000));
const idleKb = memoryKb(server.pid, 'VmRSS');
const starter = await openStores(config);
const started = await starter.campaigns.send(campaign.id, campaign.version);
await starter.close();
if (!('campaign' in started)) throw new Error(`the campaign did not start: ${started.refused}`);
const t0 = Date.now();
while (received.length < subscribers / 2) await new Promise((resolve) => setTimeout(resolve, 20));
const firstHalfMs = Date.now() - t0;
const firstHalf = received.length;
const peakKb = memoryKb(server.pid, 'VmHWM');
server.child.kill('SIGKILL');
await server.exited;

console.log(
  `killed at ${firstHalf} of ${subscribers}; restarting (the leases of the dead process run out first)`,
);
const restarted = await startServer({ env, logFile: join(dir, 'server-restarted.log') });
const watcher = await openStores(config);
const t1 = Date.now();
while ((await watcher.campaigns.find(campaign.id))?.status !== 'sent') {
  if (Date.now() - t1 > 10 * 60_000) throw new Error('the campaign did not finish in 10 minutes');
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const finishedMs = Date.now() - t1;
await watcher.close();
await stopServer(restarted);
sink.close();

const idsByRecipient = new Map<string, Set<string>>();
for (const { to, messageId } of received) {
  const ids = idsByRecipient.get(to) ?? new Set<string>();
  ids.add(messageId);
  idsByRecipient.set(to, ids);
}
const missed = subscribers - idsByRecipient.size;
const differentIds = [...idsByRecipient.values()].filter((ids) => ids.size > 1).length;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const results = {
  subscribers,
  database,
  messagesPerSecond: round((firstHalf / firstHalfMs) * 1000, 0),
  peakRssMb: round(peakKb / 1024),
  idleRssMb: round(idleKb / 1024),
  peakAboveIdleMb: round((peakKb - idleKb) / 1024),
  killedAt: firstHalf,
  restartToFinishedSeconds: round(finishedMs / 1000),
  missed,
  sentTwiceWithDifferentIds: differentIds,
  duplicatesWithSameId: received.length - subscribers,
};
console.log(
  `\nCampaign to ${subscribers} subscribers (${database}, throttle off), targets: >= 200 messages/s, <= 50 MB above idle, 0 missed, 0 sent twice\n`,
);
console.log(
  table(
    ['Measure', 'Value'],
    [
      ['messages/s before the kill', results.messagesPerSecond],
      ['peak RSS above idle (MB)', results.peakAboveIdleMb],
      ['idle RSS (MB)', results.idleRssMb],
      ['killed at (sent)', results.killedAt],
      ['restart to finished (s)', results.restartToFinishedSeconds],
      ['missed', missed],
      ['sent twice, different Message-IDs', differentIds],
      ['again with the same Message-ID', results.duplicatesWithSameId],
    ],
  ),
);
saveJson(`bench/results/bench-campaign${process.env.DATABASE_URL ? '-postgres' : ''}.json`, {
  machine: machine(),
  at: new Date().toISOString(),
  results,
});
process.exit(missed === 0 && differentIds === 0 ? 0 : 1);
