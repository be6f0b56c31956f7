import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply, messagesOf } from '../test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from '../test/dovecot-server.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { createMailboxWatcher, type MailboxWatcher, type MailboxWatcherOptions } from './mailbox-watcher.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

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
  // Each test its own mailbox of the one Dovecot.
  const path = `Test${(mailboxes += 1)}`;
  const imap = await dovecot.client();
  await imap.mailboxCreate(path);
  await imap.logout();
  const url = dovecot.url.replace(/\/INBOX$/, `/${path}`);
  return { stores, lead, path, url };
}

function watcherOn(
  stores: Stores,
  url: string,
  now: () => Date = () => new Date(),
  files?: MailboxWatcherOptions['files'],
) {
  const watcher = createMailboxWatcher({
    files,
    storage: stores.storage,
    imapUrl: url,
    log: silent,
    now,
    staff: async () => [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
    mailDomain: 'acme.test',
    isLoopbackHost: (host) => host === '127.0.0.1',
  });
  watchers.push(watcher);
  return watcher;
}

/** An answer of the lead's, with its own Message-ID. */
const answer = (lead: { reference: string }, n: number) =>
  fixtureMail('gmail', lead, { '<CAGmail123abc@mail.gmail.com>': `<answer.${n}@mail.gmail.com>` });

const answers = async (stores: Stores, leadId: number) =>
  (await messagesOf(stores, leadId)).filter((message) => message.direction === 'in');

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

describe.skipIf(!hasDovecot)('the mailbox watcher, on a real Dovecot', { timeout: 20_000 }, () => {
  it('an answer APPENDed shows on its lead through IDLE, and the mailbox is left as it was', async () => {
    const { stores, lead, path, url } = await setUp();
    const watcher = watcherOn(stores, url);
    watcher.start();
    await vi.waitFor(() => expect(watcher.watching).toBe(true), { timeout: 5_000, interval: 20 });
    await dovecot.append(answer(lead, 1), path);
    // The poll runs once a minute: within seconds, only IDLE can have told it.
    await vi.waitFor(async () => expect(await answers(stores, lead.id)).toHaveLength(1), {
      timeout: 5_000,
      interval: 20,
    });
    const imap = await dovecot.client();
    const status = await imap.status(path, { messages: true, unseen: true });
    expect(status).toMatchObject({ messages: 1, unseen: 1 });
    await imap.mailboxOpen(path, { readOnly: true });
    const flags = [];
    // \Recent is the session's, not the message's: still there, since no session of ours took it.
    for await (const message of imap.fetch('1:*', { flags: true }))
      flags.push([...(message.flags ?? [])].filter((flag) => flag !== '\\Recent'));
    await imap.logout();
    expect(flags).toEqual([[]]);
  });

  it('a restart reads on from where it stopped, and nothing twice', async () => {
    const { stores, lead, path, url } = await setUp();
    await dovecot.append(answer(lead, 1), path);
    await dovecot.append(answer(lead, 2), path);
    const first = watcherOn(stores, url);
    await first.tick();
    expect(await answers(stores, lead.id)).toHaveLength(2);
    await first.stop();
    await dovecot.append(answer(lead, 3), path);
    const second = watcherOn(stores, url);
    await second.tick();
    expect((await answers(stores, lead.id)).map((m) => m.message_id)).toEqual([
      '<answer.1@mail.gmail.com>',
      '<answer.2@mail.gmail.com>',
      '<answer.3@mail.gmail.com>',
    ]);
    // Even read again from the start (a crash before the last UID was written), nothing is doubled.
    await stores.storage.write.run((trx) =>
      tablesOf<ConversationTables>(trx).updateTable('mailbox_state').set({ last_uid: 0 }).execute(),
    );
    expect(await second.readNow()).toMatchObject({ read: 3, stored: 0 });
    expect(await answers(stores, lead.id)).toHaveLength(3);
    const staffEmails = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'conversation-answer')
      .execute();
    // One email tells of the three answers (grouped per lead), and reading again queued no other.
    expect(staffEmails).toHaveLength(1);
  });

  it('a new UIDVALIDITY: the mailbox is read again, what was there is not doubled, what is new is stored', async () => {
    const { stores, lead, path, url } = await setUp();
    await dovecot.append(answer(lead, 1), path);
    const watcher = watcherOn(stores, url);
    await watcher.tick();
    const before = await tablesOf<ConversationTables>(stores.storage.db)
      .selectFrom('mailbox_state')
      .select('uid_validity')
      .executeTakeFirstOrThrow();
    await watcher.stop();
    // The mailbox made again (as a server migration would): new UIDVALIDITY, UIDs from 1 again.
    const imap = await dovecot.client();
    await imap.mailboxDelete(path);
    await imap.mailboxCreate(path);
    await imap.logout();
    await dovecot.append(answer(lead, 1), path);
    await dovecot.append(answer(lead, 2), path);
    const again = watcherOn(stores, url);
    await again.tick();
    const after = await tablesOf<ConversationTables>(stores.storage.db)
      .selectFrom('mailbox_state')
      .select(['uid_validity', 'last_uid'])
      .executeTakeFirstOrThrow();
    expect(after.uid_validity).not.toBe(before.uid_validity);
    expect(Number(after.last_uid)).toBe(2);
    expect((await answers(stores, lead.id)).map((m) => m.message_id)).toEqual([
      '<answer.1@mail.gmail.com>',
      '<answer.2@mail.gmail.com>',
    ]);
  });

  it('a dropped connection (IDLE cut) is made again on the next tick, and what came meanwhile is read', async () => {
    const { stores, lead, path, url } = await setUp();
    const watcher = watcherOn(stores, url);
    await watcher.tick();
    expect(watcher.watching).toBe(true);
    await dovecot.kill();
    await vi.waitFor(() => expect(watcher.watching).toBe(false), { timeout: 5_000, interval: 20 });
    await dovecot.start();
    await dovecot.append(answer(lead, 1), path);
    await watcher.tick();
    expect(watcher.watching).toBe(true);
    expect(await answers(stores, lead.id)).toHaveLength(1);
    // And IDLE works again on the new connection.
    await dovecot.append(answer(lead, 2), path);
    await vi.waitFor(async () => expect(await answers(stores, lead.id)).toHaveLength(2), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it('two instances: one watches; when it dies, the other takes over once its lease runs out', async () => {
    const { stores, lead, path, url } = await setUp();
    let at = new Date('2026-12-01T12:00:00Z');
    const clock = () => at;
    const one = watcherOn(stores, url, clock);
    const two = watcherOn(stores, url, clock);
    await one.tick();
    await two.tick();
    expect([one.watching, two.watching]).toEqual([true, false]);
    // The first dies: its lease stays until it runs out (30 s).
    await one.stop({ release: false });
    await dovecot.append(answer(lead, 1), path);
    at = new Date(at.getTime() + 20_000);
    await two.tick();
    expect(two.watching).toBe(false);
    expect(await answers(stores, lead.id)).toHaveLength(0);
    at = new Date(at.getTime() + 11_000);
    await two.tick();
    expect(two.watching).toBe(true);
    expect(await answers(stores, lead.id)).toHaveLength(1);
  });

  it('a clean stop lets the lease go at once', async () => {
    const { stores, url } = await setUp();
    const one = watcherOn(stores, url);
    const two = watcherOn(stores, url);
    await one.tick();
    await one.stop();
    await two.tick();
    expect(two.watching).toBe(true);
  });

  it("keeps an answer's PDF with its lead, scanned; a stranger's files are never scanned", async () => {
    const { stores, lead, path, url } = await setUp();
    const scanned: number[] = [];
    const scanner: VirusScanner = {
      async scan(content) {
        let bytes = 0;
        for await (const chunk of content) bytes += chunk.length;
        scanned.push(bytes);
        return { outcome: 'clean' };
      },
    };
    const stranger = fixtureMail('with-files', lead, {
      'Priya Sharma <priya@company.in>': 'Someone <someone@elsewhere.example>',
      'In-Reply-To: <reply.0001@acme.test>\n': '',
      'References: <reply.0001@acme.test>\n': '',
      '<CAGmailFiles456@mail.gmail.com>': '<stranger.1@elsewhere.example>',
    });
    await dovecot.append(stranger, path);
    await dovecot.append(fixtureMail('with-files', lead), path);
    await watcherOn(stores, url, undefined, { scanner }).tick();
    expect(scanned).toEqual([142]);
    const files = await leadFilesRead(stores.storage.db).ofLead(lead.id);
    expect(files.map(({ name, scan }) => ({ name, scan }))).toEqual([
      { name: 'site-map.pdf', scan: 'clean' },
    ]);
    expect((await answers(stores, lead.id)).map((message) => message.file_notes)).toEqual([
      'setup.exe was not kept: not a file we accept.',
    ]);
  });
});
