/**
 * What hostile and large mail costs the server while the mailbox watcher reads it: on a real Dovecot
 * (started here, on loopback: server/test/dovecot-server.ts) and the server's watcher
 * (server/conversations/mailbox-watcher.ts) in this process, on SQLite (PostgreSQL with DATABASE_URL).
 * The watcher watches an empty mailbox, as a running server does (its parser's thread started); each
 * scenario's mail is then APPENDed by a process of its own, as a mail server delivers it, and the watcher
 * reads it (IDLE). Measured from the first APPEND until the mailbox's last UID is handled:
 * - the event loop's worst delay (perf_hooks monitorEventLoopDelay): what any request to the server
 *   would have waited meanwhile; goal ≤ 100 ms;
 * - the peak rise of the process's RSS (sampled every 20 ms, the parser's thread included) over what it
 *   was just before; goal ≤ +150 MB.
 * Scenarios: a stranger's HTML of 200,000 nested `<div>`s (2.2 MB) then an answer; one 18 MB HTML
 * answer; ten of them in a row.
 * Usage: npm run bench:mail [-- <large mails in the last scenario>]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/config/config.ts';
import { createMailboxWatcher } from '../server/conversations/mailbox-watcher.ts';
import { openStores } from '../server/stores.ts';
import {
  fixtureMail,
  largeMail,
  leadWithReply,
  nestedHtmlMail,
} from '../server/test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer } from '../server/test/dovecot-server.ts';
import { builtServerEnv } from './built-server-env.ts';
import { machine, round, saveJson, table } from './report.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { ConversationTables } from '../server/conversations/conversation-tables.ts';

const LARGE_MAILS = Number(process.argv[2] ?? 10);
const LARGE_BYTES = 18 * 1024 * 1024;
const TIMEOUT_MS = 300_000;

if (!hasDovecot) throw new Error('bench:mail needs Dovecot (apt-get install dovecot-imapd)');

type Stores = Awaited<ReturnType<typeof openStores>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = { info: () => {}, warn: (...args: unknown[]) => console.warn(...args), error: console.error };
const MB = 1024 * 1024;

async function lastUid(stores: Stores): Promise<number> {
  const state = await tablesOf<ConversationTables>(stores.storage.db)
    .selectFrom('mailbox_state')
    .select('last_uid')
    .where('mailbox', 'like', '%/Bench')
    .executeTakeFirst();
  return Number(state?.last_uid ?? 0);
}

/**
 * APPENDs the files to the mailbox from a process of its own (as a mail server delivers): building and
 * sending 18 MB messages is not the server's work, and would cloud its figures.
 */
function appendApart(url: string, files: readonly string[]): Promise<void> {
  const code = `import { readFileSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
const [url, ...files] = process.argv.slice(1);
const { hostname: host, port, username, password, pathname } = new URL(url);
const client = new ImapFlow({ host, port: Number(port), secure: false, logger: false,
  auth: { user: decodeURIComponent(username), pass: decodeURIComponent(password) } });
await client.connect();
for (const file of files) await client.append(decodeURIComponent(pathname.slice(1)), readFileSync(file));
await client.logout();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, url, ...files], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (status) => (status === 0 ? resolve() : reject(new Error(`append: ${status}`))));
  });
}

/** Delivers the mails; the watcher (started, its thread up) reads them, measured until the last is handled. */
async function scenario(stores: Stores, url: string, files: readonly string[]) {
  const expected = (await lastUid(stores)) + files.length;
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  await appendApart(url, files);
  while ((await lastUid(stores)) < expected) {
    if (performance.now() - started > TIMEOUT_MS) throw new Error('timed out reading the mailbox');
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1_000;
  delay.disable();
  clearInterval(sampler);
  return {
    messages: files.length,
    seconds: round(seconds, 2),
    eventLoopMaxMs: round(delay.max / 1e6),
    eventLoopP99Ms: round(delay.percentile(99) / 1e6),
    rssBeforeMb: round(before / MB),
    rssPeakRiseMb: round((peak - before) / MB),
  };
}

/** Writes a mail to a file of the bench's folder. */
function mailFile(dir: string, name: string, raw: Buffer): string {
  const file = join(dir, `${name}.eml`);
  writeFileSync(file, raw);
  return file;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
const stores = await openStores(
  loadConfig({ ...builtServerEnv(dir), MAIL_FROM: 'Acme Tech <quotes@acme.test>' }),
);
const dovecot = await startDovecotServer();
const watcher = createMailboxWatcher({
  storage: stores.storage,
  imapUrl: dovecot.url.replace(/\/INBOX$/, '/Bench'),
  log: silent,
  staff: async () => [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
  mailDomain: 'acme.test',
  isLoopbackHost: (host) => host === '127.0.0.1',
});
try {
  const lead = await leadWithReply(stores);
  const stranger = nestedHtmlMail(lead, 200_000)
    .toString()
    .replace('priya@company.in', 'x@elsewhere.example')
    .replace(/In-Reply-To: .*\r\n/, '');
  const answer = fixtureMail('gmail', lead, {
    '<CAGmail123abc@mail.gmail.com>': '<bench.answer@mail.example>',
  });
  const nestedFiles = [mailFile(dir, 'nested', Buffer.from(stranger)), mailFile(dir, 'answer', answer)];
  const largeFiles = Array.from({ length: LARGE_MAILS + 1 }, (_, n) =>
    mailFile(dir, `large.${n}`, largeMail(lead, LARGE_BYTES, { html: true, id: `<large.${n}@company.in>` })),
  );
  const imap = await dovecot.client();
  await imap.mailboxCreate('Bench');
  await imap.logout();
  // The server as it runs: watching an empty mailbox, its parser's thread started.
  watcher.start();
  while (!watcher.watching || (await watcher.health()).state !== 'watching') await sleep(50);
  await sleep(3_000);
  const url = dovecot.url.replace(/\/INBOX$/, '/Bench');
  const nested = await scenario(stores, url, nestedFiles);
  const large = await scenario(stores, url, largeFiles.slice(0, 1));
  const many = await scenario(stores, url, largeFiles.slice(1));
  const health = await watcher.health();
  const result = {
    machine: machine(),
    database: stores.storage.kind,
    nested,
    large,
    many,
    unreadable: health.unreadable.count,
  };
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
  await watcher.stop();
  await dovecot.stop();
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
}
