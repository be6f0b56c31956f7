import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStores } from '../stores.ts';
import {
  fixtureMail,
  largeMail,
  leadWithReply,
  messagesOf,
  nestedHtmlMail,
} from '../test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from '../test/dovecot-server.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import { MAX_TEXT_CHARS } from './incoming-mail.ts';
import { createMailboxWatcher, type MailboxWatcher, type MailboxWatcherOptions } from './mailbox-watcher.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { ConversationTables } from './conversation-tables.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

let dovecot: DovecotServer;
const opened: Stores[] = [];
const watchers: MailboxWatcher[] = [];
let mailboxes = 0;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function setUp() {
  const stores = await openStores(testConfig({}, tempDir()));
  opened.push(stores);
  const lead = await leadWithReply(stores);
  const path = `Hostile${(mailboxes += 1)}`;
  const imap = await dovecot.client();
  await imap.mailboxCreate(path);
  await imap.logout();
  return { stores, lead, path, url: dovecot.url.replace(/\/INBOX$/, `/${path}`) };
}

function watcherOn(stores: Stores, url: string, more: Partial<MailboxWatcherOptions> = {}) {
  const watcher = createMailboxWatcher({
    storage: stores.storage,
    imapUrl: url,
    log: silent,
    staff: async () => [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
    mailDomain: 'acme.test',
    isLoopbackHost: (host) => host === '127.0.0.1',
    ...more,
  });
  watchers.push(watcher);
  return watcher;
}

const answer = (lead: { reference: string }, n: number) =>
  fixtureMail('gmail', lead, { '<CAGmail123abc@mail.gmail.com>': `<answer.${n}@mail.gmail.com>` });

const answers = async (stores: Stores, leadId: number) =>
  (await messagesOf(stores, leadId)).filter((message) => message.direction === 'in');

const lastUid = async (stores: Stores) =>
  Number(
    (
      await tablesOf<ConversationTables>(stores.storage.db)
        .selectFrom('mailbox_state')
        .select('last_uid')
        .executeTakeFirst()
    )?.last_uid,
  );

/** The longest the event loop was held (ms) while `work` ran: what any request would have waited. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    await work();
  } finally {
    delay.disable();
  }
  return delay.max / 1e6;
}

beforeAll(async () => {
  if (hasDovecot) dovecot = await startDovecotServer();
});
afterAll(async () => {
  await dovecot?.stop();
});
afterEach(async () => {
  for (const watcher of watchers.splice(0)) await watcher.stop();
  for (const stores of opened.splice(0)) await stores.close();
});

describe.skipIf(!hasDovecot)('hostile and large mail, on a real Dovecot', { timeout: 120_000 }, () => {
  it("a stranger's 200,000 nested <div>s (2.2 MB) holds nothing up: the next answer is stored", async () => {
    const { stores, lead, path, url } = await setUp();
    const stranger = nestedHtmlMail(lead, 200_000)
      .toString()
      .replace('priya@company.in', 'x@elsewhere.example')
      .replace(/In-Reply-To: .*\r\n/, '');
    await dovecot.append(stranger, path);
    await dovecot.append(answer(lead, 1), path);
    const watcher = watcherOn(stores, url);
    const stall = await longestStall(() => watcher.tick());
    expect(stall).toBeLessThan(1_000);
    expect((await answers(stores, lead.id)).map((message) => message.message_id)).toEqual([
      '<answer.1@mail.gmail.com>',
    ]);
    expect(await lastUid(stores)).toBe(2);
    expect(await watcher.health()).toMatchObject({ state: 'watching', lastError: null });
  });

  it('a message the parser gives up on is passed over: on its lead with its original, and in the health', async () => {
    const { stores, lead, path, url } = await setUp();
    await dovecot.append(nestedHtmlMail(lead, 200_000, { id: '<deep.1@company.in>' }), path);
    // Nothing is read within 1 ms: every message is given up on.
    const hurried = watcherOn(stores, url, { parser: { timeoutMs: 1 } });
    await hurried.tick();
    expect(await lastUid(stores)).toBe(1);
    const [unreadable] = await answers(stores, lead.id);
    expect(unreadable).toMatchObject({ message_id: '<deep.1@company.in>', author_email: 'priya@company.in' });
    expect(unreadable?.body_text).toBe(
      'This email could not be read here: it takes longer than 1 ms to read. The original is attached: download original-email.eml to open it in your mail program.',
    );
    const files = await leadFilesRead(stores.storage.db).ofLead(lead.id);
    expect(files.map(({ name, size }) => ({ name, size }))).toEqual([
      {
        name: 'original-email.eml',
        size: nestedHtmlMail(lead, 200_000, { id: '<deep.1@company.in>' }).length,
      },
    ]);
    expect(await hurried.health()).toMatchObject({
      state: 'watching',
      unreadable: { count: 1, latest: [{ uid: 1, from: 'priya@company.in', leadId: lead.id }] },
    });
    await hurried.stop();
    // The mailbox goes on after it.
    await dovecot.append(answer(lead, 2), path);
    await watcherOn(stores, url).tick();
    expect((await answers(stores, lead.id)).map((message) => message.message_id)).toEqual([
      '<deep.1@company.in>',
      '<answer.2@mail.gmail.com>',
    ]);
  });

  it('a message over the size read is not fetched: noted on its lead, passed over', async () => {
    const { stores, lead, path, url } = await setUp();
    await dovecot.append(largeMail(lead, 300_000), path);
    await dovecot.append(answer(lead, 1), path);
    const watcher = watcherOn(stores, url, { maxMessageBytes: 200_000 });
    await watcher.tick();
    const [large, next] = await answers(stores, lead.id);
    expect(large?.body_text).toMatch(
      /^This email could not be read here: it is too large to read here \(0\.3 MB; the most is 0\.2 MB\)\. Open it in the company mailbox\.$/,
    );
    expect(next?.message_id).toBe('<answer.1@mail.gmail.com>');
    expect((await watcher.health()).unreadable.count).toBe(1);
  });

  it('an 18 MB HTML answer and a 16 MB text answer: the text capped, the originals kept, no stall', async () => {
    const { stores, lead, path, url } = await setUp();
    const html = largeMail(lead, 18 * 1024 * 1024, { id: '<large.html@company.in>', html: true });
    const text = largeMail(lead, 16 * 1024 * 1024, { id: '<large.text@company.in>' });
    await dovecot.append(html, path);
    await dovecot.append(text, path);
    const watcher = watcherOn(stores, url);
    const stall = await longestStall(() => watcher.tick());
    expect(stall).toBeLessThan(1_000);
    const stored = await answers(stores, lead.id);
    expect(stored.map((message) => message.message_id)).toEqual([
      '<large.html@company.in>',
      '<large.text@company.in>',
    ]);
    for (const message of stored) {
      expect(message.body_text.length + message.quoted_text.length).toBeLessThan(MAX_TEXT_CHARS + 200);
      expect(message.body_text).toMatch(/^Line 1 of the list\.\n/);
      expect(message.body_text).toMatch(/download original-email\.eml to read all of it\.\]$/);
    }
    const files = await leadFilesRead(stores.storage.db).ofLead(lead.id);
    expect(files.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'original-email.eml', size: expect.any(Number) },
      { name: 'original-email.eml', size: expect.any(Number) },
    ]);
    expect(files.map(({ size }) => size)).toEqual([html.length, text.length]);
    // The original kept is the very bytes sent, hashed on the parser's thread.
    const hashes = await tablesOf<AttachmentTables>(stores.storage.db)
      .selectFrom('lead_attachments')
      .select('sha256')
      .where('quote_request_id', '=', lead.id)
      .orderBy('position')
      .execute();
    const sha256 = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');
    expect(hashes.map((row) => row.sha256)).toEqual([sha256(html), sha256(text)]);
  });

  it('with the mail server down, the health says failing, not watching; then watching again', async () => {
    const { stores, lead, path, url } = await setUp();
    const watcher = watcherOn(stores, url);
    await watcher.tick();
    expect((await watcher.health()).state).toBe('watching');
    await dovecot.kill();
    await vi.waitFor(async () => expect((await watcher.health()).state).toBe('failing'), {
      timeout: 5_000,
      interval: 20,
    });
    await watcher.tick();
    expect(await watcher.health()).toMatchObject({
      state: 'failing',
      lastError: { message: expect.any(String) },
    });
    await dovecot.start();
    await dovecot.append(answer(lead, 1), path);
    await watcher.tick();
    expect(await watcher.health()).toMatchObject({ state: 'watching', lastError: null });
  });
});
