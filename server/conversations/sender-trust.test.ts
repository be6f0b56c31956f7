import { afterEach, describe, expect, it } from 'vitest';
import { senderDoubts } from '../../common/conversation.ts';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply, messagesOf } from '../test/conversation-fixtures.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { conversationEntries } from './conversation-view.ts';
import { parseIncomingMail } from './incoming-mail.ts';
import { receiveMail } from './receive-mail.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const AT = new Date('2026-12-01T12:00:00Z');
const STAFF = [{ id: null, email: 'ravi@acme.test', answerEmails: true }];
const OUR_SERVER = 'mx.acme.test';

async function setUp() {
  const stores = await openStores(testConfig({}, tempDir()));
  opened.push(stores);
  return { stores, lead: await leadWithReply(stores) };
}

async function receive(stores: Stores, raw: Buffer | string, authservId: string | null = OUR_SERVER) {
  const mail = await parseIncomingMail(Buffer.from(raw));
  return stores.storage.write.run((trx) =>
    receiveMail(trx, mail, {
      at: AT,
      staff: STAFF,
      mailDomain: 'acme.test',
      authservId: authservId ?? undefined,
    }),
  );
}

/** What the lead's page says of the message stored last, above its text. */
async function doubtsOfLast(stores: Stores, leadId: number) {
  const thread = await stores.conversations.thread(leadId);
  const last = conversationEntries(
    { lead: { created_at: '2026-11-30T00:00:00Z', name: 'Priya', message: '' }, notes: [] },
    thread,
  ).at(-1);
  return last?.type === 'message' ? senderDoubts(last) : [];
}

/** The Gmail answer of the lead, with these headers on top (as the delivering mail server adds them). */
const gmailWith = (lead: { reference: string }, headers: string[], replace: Record<string, string> = {}) =>
  Buffer.concat([
    Buffer.from(headers.map((line) => `${line}\r\n`).join('')),
    fixtureMail('gmail', lead, replace),
  ]);

describe('who an answer is from, kept on the message', () => {
  it("a stranger's mail naming the lead's reply in In-Reply-To is kept on the lead, marked as from another address", async () => {
    const { stores, lead } = await setUp();
    const raw = fixtureMail('gmail', lead, {
      'Priya Sharma <priya@company.in>': 'Mallory <mallory@elsewhere.example>',
    });
    expect(await receive(stores, raw)).toEqual({ leadId: lead.id, stored: true });
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer).toMatchObject({
      kind: 'answer',
      author_email: 'mallory@elsewhere.example',
      sender_is_lead: 0,
    });
    expect(answer?.body_text).toContain('Thursday at 11 works');
    expect(await doubtsOfLast(stores, lead.id)).toEqual([
      "Sent from another address than the lead's: mallory@elsewhere.example.",
    ]);
  });

  it("the lead's own answer (any case) is not marked", async () => {
    const { stores, lead } = await setUp();
    await receive(stores, fixtureMail('gmail', lead, { 'priya@company.in': 'Priya@Company.IN' }));
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer).toMatchObject({ sender_is_lead: 1, sender_dmarc: null });
    expect(await doubtsOfLast(stores, lead.id)).toEqual([]);
  });

  it("an answer our mail server says failed DMARC is kept, marked 'Sender not verified'; a forged header below it changes nothing", async () => {
    const { stores, lead } = await setUp();
    const raw = gmailWith(lead, [
      'Authentication-Results: mx.acme.test (Postfix);',
      '\tspf=softfail smtp.mailfrom=company.in;',
      '\tdmarc=fail (p=none dis=none) header.from=company.in',
      // What the sender wrote themselves, under the server's own: ignored.
      'Authentication-Results: mx.acme.test; dmarc=pass header.from=company.in',
    ]);
    expect(await receive(stores, raw)).toEqual({ leadId: lead.id, stored: true });
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer).toMatchObject({ kind: 'answer', sender_dmarc: 'fail', sender_is_lead: 1 });
    expect(await doubtsOfLast(stores, lead.id)).toEqual([
      'Sender not verified: this mail failed the sender check (DMARC), so it may not be from who it says.',
    ]);
  });

  it('trusts only the configured authserv-id: another server’s verdict, or none configured, is no verdict', async () => {
    const { stores, lead } = await setUp();
    const forged = ['Authentication-Results: mx.elsewhere.example; dmarc=fail header.from=company.in'];
    await receive(stores, gmailWith(lead, forged, { '<CAGmail123abc@mail.gmail.com>': '<a1@x>' }));
    const passing = ['Authentication-Results: mx.acme.test; dkim=pass; dmarc=pass header.from=company.in'];
    await receive(stores, gmailWith(lead, passing, { '<CAGmail123abc@mail.gmail.com>': '<a2@x>' }), null);
    await receive(stores, gmailWith(lead, passing, { '<CAGmail123abc@mail.gmail.com>': '<a3@x>' }));
    const answers = (await messagesOf(stores, lead.id)).filter((message) => message.direction === 'in');
    expect(answers.map((answer) => answer.sender_dmarc)).toEqual([null, null, 'pass']);
  });
});

describe('delivery reports', () => {
  it('a delivery report with a null return path marks the reply "Not delivered"', async () => {
    const { stores, lead } = await setUp();
    await receive(stores, fixtureMail('bounce', lead));
    const [reply, bounce] = await messagesOf(stores, lead.id);
    expect(reply?.bounced_at).toBe(AT.toISOString());
    expect(bounce).toMatchObject({ kind: 'bounce', sender_is_lead: null });
  });

  it.each([
    ['a return path of its own', 'Return-Path: <mallory@elsewhere.example>'],
    ['no return path', ''],
  ])('one with %s is not a delivery report: the reply stays delivered', async (_, returnPath) => {
    const { stores, lead } = await setUp();
    const raw = fixtureMail('bounce', lead, { 'Return-Path: <>\r\n': returnPath ? `${returnPath}\r\n` : '' });
    await receive(stores, raw);
    const [reply, other] = await messagesOf(stores, lead.id);
    expect(reply?.bounced_at).toBeNull();
    expect(other?.kind ?? 'not stored').not.toBe('bounce');
  });
});
