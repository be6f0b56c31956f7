/**
 * How fast clients' answers reach their lead from the company mailbox, on a real Dovecot (started here,
 * on loopback, as the tests start it: server/test/dovecot-server.ts) and the watcher of the server
 * (server/conversations/mailbox-watcher.ts), in this process, on SQLite (PostgreSQL with DATABASE_URL).
 * 1. With IDLE: an answer APPENDed, then the time until it is on the lead (its lead_messages row),
 *    one after another; the issue asks p95 ≤ 5 s (of 100).
 * 2. A backlog: 1,000 messages (answers and unrelated mail) waiting in a mailbox before the first
 *    connection; the time until the last is handled (≤ 60 s), and how long the event loop was held
 *    meanwhile (what requests to the same process would wait).
 * Usage: npm run bench:conversations [-- <answers> <backlog>]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/config/config.ts';
import { createMailboxWatcher } from '../server/conversations/mailbox-watcher.ts';
import { openStores } from '../server/stores.ts';
import { fixtureMail, leadWithReply } from '../server/test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from '../server/test/dovecot-server.ts';
import { builtServerEnv } from './built-server-env.ts';
import { machine, round, saveJson, table } from './report.ts';
import { quantile } from './server-log.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { ConversationTables } from '../server/conversations/conversation-tables.ts';

const ANSWERS = Number(process.argv[2] ?? 100);
const BACKLOG = Number(process.argv[3] ?? 1_000);
const TIMEOUT_MS = 60_000;

if (!hasDovecot) throw new Error('bench:conversations needs Dovecot (apt-get install dovecot-imapd)');

type Stores = Awaited<ReturnType<typeof openStores>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = { info: () => {}, warn: (...args: unknown[]) => console.warn(...args), error: console.error };

const answerTo = (lead: { reference: string }, id: string) =>
  fixtureMail('gmail', lead, { '<CAGmail123abc@mail.gmail.com>': id });

function watcherOf(stores: Stores, url: string) {
  return createMailboxWatcher({
    storage: stores.storage,
    imapUrl: url,
    log: silent,
    staff: async () => [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
    mailDomain: 'acme.test',
    isLoopbackHost: (host) => host === '127.0.0.1',
  });
}

async function until(check: () => Promise<boolean>, what: string) {
  for (const started = performance.now(); !(await check()); await sleep(5)) {
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
  }
}

const stored = (stores: Stores, messageId: string) => async () =>
  !!(await tablesOf<ConversationTables>(stores.storage.db)
    .selectFrom('lead_messages')
    .select('id')
    .where('message_id', '=', messageId)
    .executeTakeFirst());

/** Scenario 1: APPEND, then the time until the answer is on the lead (IDLE). */
async function withIdle(stores: Stores, dovecot: DovecotServer) {
  const lead = await leadWithReply(stores);
  const watcher = watcherOf(stores, dovecot.url);
  watcher.start();
  await until(async () => watcher.watching, 'the watcher');
  const times: number[] = [];
  for (let i = 0; i < ANSWERS; i += 1) {
    const id = `<bench.idle.${i}@mail.example>`;
    const started = performance.now();
    await dovecot.append(answerTo(lead, id));
    await until(stored(stores, id), id);
    times.push(performance.now() - started);
  }
  await watcher.stop();
  return times.sort((a, b) => a - b);
}

/** Scenario 2: a backlog in a new mailbox, read from the first connection. */
async function backlog(stores: Stores, dovecot: DovecotServer) {
  const lead = await leadWithReply(stores, { replyId: '<reply.backlog@acme.test>' });
  const imap = await dovecot.client();
  await imap.mailboxCreate('Backlog');
  for (let i = 0; i < BACKLOG; i += 1) {
    const raw =
      i % 10 === 9
        ? fixtureMail('unrelated', lead, {
            '<newsletter.2026-11@supplier.example>': `<news.${i}@supplier.example>`,
          })
        : answerTo(lead, `<bench.backlog.${i}@mail.example>`)
            .toString()
            .replace('<reply.0001@acme.test>', '<reply.backlog@acme.test>');
    await imap.append('Backlog', raw);
  }
  await imap.logout();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const watcher = watcherOf(stores, dovecot.url.replace(/\/INBOX$/, '/Backlog'));
  const started = performance.now();
  delay.enable();
  watcher.start();
  await until(async () => {
    const state = await tablesOf<ConversationTables>(stores.storage.db)
      .selectFrom('mailbox_state')
      .select('last_uid')
      .where('mailbox', 'like', '%/Backlog')
      .executeTakeFirst();
    return Number(state?.last_uid ?? 0) >= BACKLOG;
  }, 'the backlog');
  const seconds = (performance.now() - started) / 1_000;
  delay.disable();
  await watcher.stop();
  return { seconds, loopP99Ms: delay.percentile(99) / 1e6, loopMaxMs: delay.max / 1e6 };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-conversations-'));
const stores = await openStores(
  loadConfig({ ...builtServerEnv(dir), MAIL_FROM: 'Acme Tech <quotes@acme.test>' }),
);
const dovecot = await startDovecotServer();
try {
  const idle = await withIdle(stores, dovecot);
  const read = await backlog(stores, dovecot);
  const result = {
    machine: machine(),
    database: stores.storage.kind,
    idle: {
      answers: ANSWERS,
      p50Ms: round(quantile(idle, 0.5)),
      p95Ms: round(quantile(idle, 0.95)),
      maxMs: round(idle.at(-1) ?? 0),
    },
    backlog: {
      messages: BACKLOG,
      seconds: round(read.seconds, 2),
      eventLoopP99Ms: round(read.loopP99Ms),
      eventLoopMaxMs: round(read.loopMaxMs),
    },
  };
  console.log(
    table(
      ['scenario', 'figure', 'value', 'goal'],
      [
        ['IDLE: APPEND -> on the lead', 'p95 ms', result.idle.p95Ms, '≤ 5000'],
        ['IDLE: APPEND -> on the lead', 'p50 ms', result.idle.p50Ms, ''],
        [`backlog of ${BACKLOG}`, 'seconds', result.backlog.seconds, '≤ 60'],
        [`backlog of ${BACKLOG}`, 'event loop p99 ms', result.backlog.eventLoopP99Ms, ''],
        [`backlog of ${BACKLOG}`, 'event loop max ms', result.backlog.eventLoopMaxMs, ''],
      ],
    ),
  );
  saveJson(`bench/results/bench-conversations${process.env.DATABASE_URL ? '-postgres' : ''}.json`, result);
} finally {
  await dovecot.stop();
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
}
