import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply, messagesOf } from '../test/conversation-fixtures.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { ANSWER_EMAIL_KIND } from './answer-email-kind.ts';
import { parseIncomingMail } from './incoming-mail.ts';
import { receiveMail } from './receive-mail.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const AT = new Date('2026-12-01T12:00:00Z');
const STAFF = ['ravi@acme.test', 'meera@acme.test'].map((email) => ({ id: null, email, answerEmails: true }));

async function setUp() {
  const stores = await openStores(testConfig({ ACK_EMAIL: 'true' }, tempDir()));
  opened.push(stores);
  return stores;
}

async function receive(stores: Stores, raw: Buffer) {
  const mail = await parseIncomingMail(raw);
  return stores.storage.write.run((trx) =>
    receiveMail(trx, mail, { at: AT, staff: STAFF, mailDomain: 'acme.test' }),
  );
}

async function staffEmails(stores: Stores) {
  return tablesOf<OutboxTables>(stores.storage.db)
    .selectFrom('outbox')
    .select(['recipient', 'owner_id'])
    .where('kind', '=', ANSWER_EMAIL_KIND)
    .execute();
}

describe('answers matched to their lead and stored', () => {
  it.each([
    ['gmail', 'Thanks Ravi, Thursday at 11 works for us.\n\nPriya', /^On Mon, 30 Nov 2026/],
    ['apple-mail', "Sounds good. I'll bring the brand guide.\n\nSent from my iPhone", /^> On 30 Nov 2026/],
    ['thunderbird', 'Ravi,\n\nOne more question: do you host the site too?', /^On 30\/11\/2026/],
    [
      'outlook',
      'Hi Ravi,\n\nThe budget is approved. Please send the contract.\n\nRegards,\nPriya',
      /^_{10,}\nFrom: Ravi/,
    ],
  ])('%s: the new text on the lead, the quote folded apart, staff told', async (name, body, quoted) => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    expect(await receive(stores, fixtureMail(name, lead))).toEqual({ leadId: lead.id, stored: true });
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer).toMatchObject({ direction: 'in', kind: 'answer', body_text: body, read_at: null });
    expect(answer?.quoted_text).toMatch(quoted);
    expect(answer?.quoted_text).toContain('Could we call on Thursday?');
    expect(answer?.body_text).not.toContain('Could we call');
    expect((await staffEmails(stores)).map((row) => row.recipient).sort()).toEqual([
      'meera@acme.test',
      'ravi@acme.test',
    ]);
  });

  it("Outlook's answer (no In-Reply-To, RE:) finds its lead by reference and sender, in any case", async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores, { reply: false });
    expect(await receive(stores, fixtureMail('outlook', lead))).toEqual({ leadId: lead.id, stored: true });
  });

  it("an answer to the quote form's acknowledgement finds its lead by the acknowledgement's Message-ID", async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores, { reply: false });
    const { message_id: ack } = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select('message_id')
      .where('kind', '=', 'acknowledgement')
      .where('owner_id', '=', lead.id)
      .executeTakeFirstOrThrow();
    // Another reference in the subject: only the Message-ID can have matched.
    const raw = fixtureMail('apple-mail', { reference: 'Q-000000' }, { '<reply.0001@acme.test>': ack });
    expect(await receive(stores, raw)).toEqual({ leadId: lead.id, stored: true });
  });

  it('an HTML-only answer is kept as text: no script, no remote image', async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    await receive(stores, fixtureMail('html-only', lead));
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer?.body_text).toBe('Here is our logo for the new site.\n\nBest, Priya');
    expect(JSON.stringify(answer)).not.toMatch(/evil\.example|tracker\.example|<script|<img|<p>/);
  });

  it('an out-of-office reply is stored as an auto-reply, and staff are not told of it', async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    await receive(stores, fixtureMail('out-of-office', lead));
    const [, auto] = await messagesOf(stores, lead.id);
    expect(auto).toMatchObject({ kind: 'auto-reply', direction: 'in' });
    expect(await staffEmails(stores)).toEqual([]);
  });

  it('a bounce marks the reply as not delivered and is kept as a bounce', async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    expect(await receive(stores, fixtureMail('bounce', lead))).toEqual({ leadId: lead.id, stored: true });
    const [reply, bounce] = await messagesOf(stores, lead.id);
    expect(reply?.bounced_at).toBe(AT.toISOString());
    expect(bounce).toMatchObject({ kind: 'bounce', direction: 'in' });
    expect(bounce?.body_text).toContain('550 5.1.1 User unknown');
    expect(await staffEmails(stores)).toEqual([]);
  });

  it('a forwarded mail from the lead keeps what it forwards, and lists its attachment by name and size', async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    await receive(stores, fixtureMail('forwarded', lead));
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer?.body_text).toContain('We need single sign-on');
    expect(answer?.file_notes).toContain('- requirements.pdf (78 B)');
    expect(answer?.quoted_text).toBe('');
  });

  it.each([['unrelated'], ['other-sender']])('%s: not ours, left alone', async (name) => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    expect(await receive(stores, fixtureMail(name, lead))).toEqual({ leadId: undefined, stored: false });
    expect(await messagesOf(stores, lead.id)).toHaveLength(1);
  });

  it('the same answer read twice is stored once, and staff told once', async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    await receive(stores, fixtureMail('gmail', lead));
    expect(await receive(stores, fixtureMail('gmail', lead))).toEqual({ leadId: lead.id, stored: false });
    expect(await messagesOf(stores, lead.id)).toHaveLength(2);
    expect(await staffEmails(stores)).toHaveLength(2);
  });

  it("erasure of the lead's address deletes its thread", async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    await receive(stores, fixtureMail('gmail', lead));
    await stores.leads.deleteByEmail('PRIYA@company.in');
    expect(await messagesOf(stores, lead.id)).toEqual([]);
    expect(await staffEmails(stores)).toEqual([]);
  });

  it("the spam purge deletes a spam lead's messages with it", async () => {
    const stores = await setUp();
    const lead = await leadWithReply(stores);
    await receive(stores, fixtureMail('gmail', lead));
    await stores.leads.setSpam(lead.id, true, 'ravi@acme.test');
    await stores.leads.purgeSpamOlderThan(new Date(Date.now() + 60_000));
    expect(await messagesOf(stores, lead.id)).toEqual([]);
  });
});
