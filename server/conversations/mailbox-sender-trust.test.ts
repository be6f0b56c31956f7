import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply, messagesOf } from '../test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from '../test/dovecot-server.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { createMailboxWatcher, type MailboxWatcher } from './mailbox-watcher.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

let dovecot: DovecotServer;
const opened: Stores[] = [];
const watchers: MailboxWatcher[] = [];
const silent = { info: () => {}, warn: () => {}, error: () => {} };

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

/** Mail as the company's mail server (mx.acme.test) delivers it: its own headers on top. */
const delivered = (headers: string[], raw: Buffer) =>
  Buffer.concat([Buffer.from(headers.map((line) => `${line}\r\n`).join('')), raw]);

describe.skipIf(!hasDovecot)('who an answer is from, read from a real Dovecot', { timeout: 20_000 }, () => {
  it("keeps every mail, marks a stranger's and a DMARC failure, and takes only a null-return-path report as a bounce", async () => {
    const stores = await openStores(testConfig({}, tempDir()));
    opened.push(stores);
    const lead = await leadWithReply(stores);
    const imap = await dovecot.client();
    await imap.mailboxCreate('Trust');
    await imap.logout();
    // A stranger answering the lead's reply (its Message-ID in In-Reply-To), from their own address.
    await dovecot.append(
      delivered(
        ['Return-Path: <mallory@elsewhere.example>'],
        fixtureMail('gmail', lead, {
          'Priya Sharma <priya@company.in>': 'Mallory <mallory@elsewhere.example>',
          '<CAGmail123abc@mail.gmail.com>': '<stranger.1@elsewhere.example>',
        }),
      ),
      'Trust',
    );
    // Someone writing as the lead: our server says DMARC failed; the sender's own "pass" is under it.
    await dovecot.append(
      delivered(
        [
          'Return-Path: <bounce@spoofer.example>',
          'Authentication-Results: mx.acme.test; spf=fail smtp.mailfrom=spoofer.example;',
          ' dkim=none; dmarc=fail (p=quarantine) header.from=company.in',
          'Authentication-Results: mx.acme.test; dmarc=pass header.from=company.in',
        ],
        fixtureMail('gmail', lead, { '<CAGmail123abc@mail.gmail.com>': '<spoof.1@spoofer.example>' }),
      ),
      'Trust',
    );
    // A "delivery report" from anyone, with a return path: not a delivery report.
    await dovecot.append(
      fixtureMail('bounce', lead, {
        'Return-Path: <>': 'Return-Path: <mallory@elsewhere.example>',
        '<dsn.5521@mx.acme.test>': '<fake-dsn@elsewhere.example>',
      }),
      'Trust',
    );
    const watcher = createMailboxWatcher({
      storage: stores.storage,
      imapUrl: dovecot.url.replace(/\/INBOX$/, '/Trust'),
      log: silent,
      staff: async () => [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
      mailDomain: 'acme.test',
      authservId: 'mx.acme.test',
      isLoopbackHost: (host) => host === '127.0.0.1',
    });
    watchers.push(watcher);
    watcher.start();
    await vi.waitFor(async () => expect(await messagesOf(stores, lead.id)).toHaveLength(3), {
      timeout: 5_000,
      interval: 20,
    });
    const [reply, ...came] = await messagesOf(stores, lead.id);
    expect(reply?.bounced_at).toBeNull();
    expect(
      came.map((message) => [message.author_email, message.sender_is_lead, message.sender_dmarc]),
    ).toEqual([
      ['mallory@elsewhere.example', 0, null],
      ['priya@company.in', 1, 'fail'],
    ]);
    // The real report, with the null return path its server writes, marks the reply.
    await dovecot.append(fixtureMail('bounce', lead), 'Trust');
    // IDLE tells the watcher of it within a second.
    await vi.waitFor(
      async () =>
        expect((await messagesOf(stores, lead.id)).map((message) => message.kind)).toContain('bounce'),
      { timeout: 5_000, interval: 20 },
    );
    const [bounced, ...all] = await messagesOf(stores, lead.id);
    expect(bounced?.bounced_at).not.toBeNull();
    expect(all.map((message) => message.kind)).toEqual(['answer', 'answer', 'bounce']);
  });
});
