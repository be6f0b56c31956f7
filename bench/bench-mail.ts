/**
 * What hostile and large mail costs the server while the mailbox watcher reads it: on a real Dovecot
 * (started here, on loopback: server/test/dovecot-server.ts) and the server's watcher
 * (server/conversations/mailbox-watcher.ts) in this process, on SQLite (PostgreSQL with DATABASE_URL).
 * Each scenario's mail is APPENDed to a mailbox of its own first; then the watcher starts (its parser
 * thread too) and reads it. Measured from the watcher's start until the mailbox's last UID is handled:
 * - the event loop's worst delay (perf_hooks monitorEventLoopDelay): what any request to the server
 *   would have waited meanwhile; goal ≤ 100 ms;
 * - the peak rise of the process's RSS (sampled every 20 ms, the parser's thread included) over what it
 *   was just before; goal ≤ +150 MB.
 * Scenarios: a stranger's HTML of 200,000 nested `<div>`s (2.2 MB) then an answer; one 18 MB HTML
 * answer; ten of them in a row.
 * Usage: npm run bench:mail [-- <large mails in the last scenario>]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/config.ts';
import { createMailboxWatcher } from '../server/conversations/mailbox-watcher.ts';
import { openStores } from '../server/stores.ts';
import {
  fixtureMail,
  largeMail,
  leadWithReply,
  nestedHtmlMail,
} from '../server/test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from '../server/test/dovecot-server.ts';
import { builtServerEnv } from './built-server-env.ts';
import { machine, round, saveJson, table } from './report.ts';

const LARGE_MAILS = Number(process.argv[2] ?? 10);
const LARGE_BYTES = 18 * 1024 * 1024;
const TIMEOUT_MS = 300_000;

if (!hasDovecot) throw new Error('bench:mail needs Dovecot (apt-get install dovecot-imapd)');

type Stores = Awaited<ReturnType<typeof openStores>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = { info: () => {}, warn: (...args: unknown[]) => console.warn(...args), error: console.error };
const MB = 1024 * 1024;

async function lastUid(stores: Stores, path: string): Promise<number> {
  const state = await stores.storage.db
    .selectFrom('mailbox_state')
    .select('last_uid')
    .where('mailbox', 'like', `%/${path}`)
    .executeTakeFirst();
  return Number(state?.last_uid ?? 0);
}

/** APPENDs the mails to a new mailbox; then the watcher reads them, measured. */
async function scenario(stores: Stores, dovecot: DovecotServer, path: string, mails: Buffer[]) {
  const imap = await dovecot.client();
  await imap.mailboxCreate(path);
  for (const mail of mails) await imap.append(path, mail);
  await imap.logout();
  mails.length = 0;
  await sleep(500);
  const watcher = createMailboxWatcher({
    storage: stores.storage,
    imapUrl: dovecot.url.replace(/\/INBOX$/, `/${path}`),
    log: silent,
    staff: async () => [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
    mailDomain: 'acme.test',
    isLoopbackHost: (host) => host === '127.0.0.1',
  });
  const expected = await (async () => {
    const client = await dovecot.client();
    const status = await client.status(path, { messages: true });
    await client.logout();
    return status.messages ?? 0;
  })();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  watcher.start();
  while ((await lastUid(stores, path)) < expected) {
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`timed out reading ${path}`);
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1_000;
  delay.disable();
  clearInterval(sampler);
  const health = await watcher.health();
  await watcher.stop();
  return {
    messages: expected,
    seconds: round(seconds, 2),
    eventLoopMaxMs: round(delay.max / 1e6),
    eventLoopP99Ms: round(delay.percentile(99) / 1e6),
    rssBeforeMb: round(before / MB),
    rssPeakRiseMb: round((peak - before) / MB),
    unreadable: health.unreadable.count,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
const stores = await openStores(
  loadConfig({ ...builtServerEnv(dir), MAIL_FROM: 'Acme Tech <quotes@acme.test>' }),
);
const dovecot = await startDovecotServer();
try {
  const lead = await leadWithReply(stores);
  const stranger = nestedHtmlMail(lead, 200_000)
    .toString()
    .replace('priya@company.in', 'x@elsewhere.example')
    .replace(/In-Reply-To: .*\r\n/, '');
  const answer = fixtureMail('gmail', lead, {
    '<CAGmail123abc@mail.gmail.com>': '<bench.answer@mail.example>',
  });
  const nested = await scenario(stores, dovecot, 'Nested', [Buffer.from(stranger), answer]);
  const large = await scenario(stores, dovecot, 'Large', [largeMail(lead, LARGE_BYTES, { html: true })]);
  const many = await scenario(
    stores,
    dovecot,
    'ManyLarge',
    Array.from({ length: LARGE_MAILS }, (_, n) =>
      largeMail(lead, LARGE_BYTES, { html: true, id: `<large.${n}@company.in>` }),
    ),
  );
  const result = { machine: machine(), database: stores.storage.kind, nested, large, many };
  const rows = (name: string, figures: typeof nested) => [
    [name, 'seconds', figures.seconds, ''],
    [name, 'event loop max ms', figures.eventLoopMaxMs, '≤ 100'],
    [name, 'RSS peak rise MB', figures.rssPeakRiseMb, '≤ 150'],
  ];
  console.log(
    table(
      ['scenario', 'figure', 'value', 'goal'],
      [
        ...rows('200,000 nested <div>s (2.2 MB) + an answer', nested),
        ...rows('one 18 MB HTML answer', large),
        ...rows(`${LARGE_MAILS} × 18 MB HTML answers`, many),
      ],
    ),
  );
  saveJson(`bench/results/bench-mail${process.env.DATABASE_URL ? '-postgres' : ''}.json`, result);
} finally {
  await dovecot.stop();
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
}
