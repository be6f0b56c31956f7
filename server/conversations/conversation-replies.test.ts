import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { rawHeader } from '../test/smtp-sink.ts';
import { testApp, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { ConversationTables } from './conversation-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

/** An app sending to a real SMTP sink (or the given SMTP_URL), a signed-in Priya, and one new lead. */
async function answering(env: Record<string, string> = {}, fields: Record<string, string> = {}) {
  const sink = await testSmtpSink();
  const { app, config } = await testApp({ env: { SMTP_URL: sink.url, ...env } });
  const staff = await staffMember(app, config, 'priya.sharma@acme.test');
  expect((await injectQuote(app, { name: 'Ravi Kumar', email: 'ravi@client.in', ...fields })).body).toBe(
    'success',
  );
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });
  /** Sends what is due: the lead's notification (and acknowledgement) and the replies. */
  const drain = async () => {
    while ((await app.outboxWorker.runOnce()) > 0);
  };
  await drain();
  const reference: string = (await call('GET', '/leads/1')).json().reference;
  const repliesIn = () => sink.messages.filter((mail) => mail.subject?.startsWith('Re: '));
  return { app, sink, call, drain, reference, repliesIn };
}

/** An answer of the client, as the mailbox watcher (conv-in) stores it. */
async function storeAnswer(app: FastifyInstance, messageId: string, inReplyTo: string, at: string) {
  await tablesOf<ConversationTables>(app.storage.db)
    .insertInto('lead_messages')
    .values({
      quote_request_id: 1,
      direction: 'in',
      kind: 'answer',
      message_id: messageId,
      in_reply_to: inReplyTo,
      references: inReplyTo,
      author_email: 'ravi@client.in',
      author_name: 'Ravi Kumar',
      subject: 'Re: Your quote request',
      body_text: 'Thursday works for us.',
      quoted_text: '> Could we call on Thursday?',
      created_at: at,
      read_at: null,
      bounced_at: null,
    })
    .execute();
}

describe('answering a lead from the inbox', () => {
  it('emails the reply from the staff member at the company, with the reference, our Message-ID and the signature; the New lead becomes Contacted', async () => {
    const { app, call, drain, reference, repliesIn } = await answering();
    const sent = await call('POST', '/leads/1/replies', {
      text: 'Hello Ravi,\n\nCould we call on Thursday?',
    });
    expect(sent.statusCode).toBe(200);
    await drain();

    const [mail] = repliesIn();
    expect(repliesIn()).toHaveLength(1);
    expect(mail?.from?.value).toEqual([
      { name: 'Priya Sharma at Acme Tech Solutions', address: 'quotes@acme.test' },
    ]);
    expect(mail?.to).toMatchObject({ text: 'ravi@client.in' });
    expect(mail?.subject).toBe(`Re: Your quote request ${reference}`);
    expect(mail?.messageId).toMatch(/^<reply\.[0-9a-f]{32}@acme\.test>$/);
    expect(mail?.inReplyTo).toBeUndefined();
    expect(mail?.text).toContain('Could we call on Thursday?\n\n-- \nPriya Sharma\nAcme Tech Solutions');
    expect(mail?.replyTo?.text).toBe('sales@acme.test');

    const detail = (await call('GET', '/leads/1')).json();
    expect(detail.status).toBe('contacted');
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'status', from: 'new', to: 'contacted' });
    const lead = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('first_contact_ms')
      .executeTakeFirstOrThrow();
    expect(lead.first_contact_ms).not.toBeNull();

    const { entries } = (await call('GET', '/leads/1/conversation')).json();
    expect(entries.map((entry: { type: string }) => entry.type)).toEqual(['request', 'message']);
    expect((await call('GET', '/leads/1/conversation')).json().mailboxConnected).toBe(false);
    expect(entries[1]).toMatchObject({
      direction: 'out',
      kind: 'reply',
      authorName: 'Priya Sharma',
      text: 'Hello Ravi,\n\nCould we call on Thursday?',
      delivery: { state: 'sent', attempts: 1, lastError: null },
    });
  });

  it("chains In-Reply-To and References to the thread's previous message, an answer of the client", async () => {
    const { app, call, drain, repliesIn } = await answering();
    await call('POST', '/leads/1/replies', { text: 'Could we call on Thursday?' });
    await drain();
    const first = repliesIn()[0]?.messageId ?? '';
    await storeAnswer(app, '<answer-1@client.in>', first, new Date(Date.now() + 1000).toISOString());
    await call('POST', '/leads/1/replies', { text: 'Thursday at 11, then.' });
    await drain();

    const second = repliesIn()[1];
    expect(second?.inReplyTo).toBe('<answer-1@client.in>');
    expect(second && rawHeader(second, 'references')).toBe(`${first} <answer-1@client.in>`);
    const csv = (await call('GET', '/leads/export.csv')).body.split('\r\n');
    expect(csv[0]).toMatch(/,"attachments","messages","last_answer_at"$/);
    expect(csv[1]).toMatch(/,"?3"?,"\d{4}-\d\d-\d\dT[\d:.]+Z"$/);
    // The second reply does not move the lead again.
    const timeline = (await call('GET', '/leads/1')).json().timeline;
    expect(timeline.filter((entry: { kind: string }) => entry.kind === 'status')).toHaveLength(1);
  });

  it('shows "New reply" in the list and its filter until the lead\'s answers are opened', async () => {
    const { app, call } = await answering();
    expect((await injectQuote(app, { name: 'Other Lead' })).body).toBe('success');
    await storeAnswer(app, '<answer-1@client.in>', '<x@acme.test>', new Date().toISOString());

    const list = (await call('GET', '/leads')).json();
    expect(list.newReplies).toBe(1);
    expect(list.leads.map((lead: { id: number; newReply: boolean }) => [lead.id, lead.newReply])).toEqual([
      [2, false],
      [1, true],
    ]);
    const filtered = (await call('GET', '/leads?newReply=1')).json();
    expect(filtered.leads.map((lead: { id: number }) => lead.id)).toEqual([1]);
    expect((await call('GET', '/leads/1')).json().newReply).toBe(true);

    const opened = (await call('POST', '/leads/1/conversation/read')).json();
    expect(opened.entries.at(-1)).toMatchObject({
      kind: 'answer',
      read: true,
      quotedText: '> Could we call on Thursday?',
    });
    const after = (await call('GET', '/leads')).json();
    expect(after.newReplies).toBe(0);
    expect(after.leads.map((lead: { newReply: boolean }) => lead.newReply)).toEqual([false, false]);
    expect((await call('GET', '/leads?newReply=1')).json().leads).toEqual([]);
  });

  it('shows a reply that could not be delivered as a dead letter on its message', async () => {
    const { call, drain } = await answering({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' });
    await call('POST', '/leads/1/replies', { text: 'Hello' });
    await drain();
    const { entries } = (await call('GET', '/leads/1/conversation')).json();
    expect(entries[1].delivery).toMatchObject({
      state: 'dead',
      lastError: expect.stringMatching(/ECONNREFUSED|ECONNECTION/),
    });
  });

  it('refuses to answer a spam lead, and an empty reply, and notes show in the conversation as internal', async () => {
    const { call } = await answering();
    expect((await call('POST', '/leads/1/replies', { text: '   ' })).statusCode).toBe(400);
    await call('POST', '/leads/1/notes', { text: 'Called, no answer.' });
    const { entries } = (await call('GET', '/leads/1/conversation')).json();
    expect(entries[1]).toMatchObject({
      type: 'note',
      text: 'Called, no answer.',
      by: 'priya.sharma@acme.test',
    });
    await call('POST', '/leads/1/spam', { spam: true });
    const refused = await call('POST', '/leads/1/replies', { text: 'Hello' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('spam-lead');
    expect((await call('POST', '/leads/9/replies', { text: 'Hello' })).statusCode).toBe(404);
  });

  it("erasure deletes the lead's thread and its replies' emails", async () => {
    const { app, call, drain } = await answering();
    await call('POST', '/leads/1/replies', { text: 'Hello' });
    await drain();
    await storeAnswer(app, '<answer-1@client.in>', '<x@acme.test>', new Date().toISOString());
    expect((await call('DELETE', '/leads/1')).statusCode).toBe(204);
    const left = await tablesOf<ConversationTables>(app.storage.db)
      .selectFrom('lead_messages')
      .select('id')
      .execute();
    expect(left).toEqual([]);
    const emails = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select('kind')
      .where('kind', '=', 'lead-reply')
      .execute();
    expect(emails).toEqual([]);
  });

  it('keeps saved replies in Settings, by title', async () => {
    const { call } = await answering();
    expect((await call('GET', '/saved-replies')).json()).toEqual({ savedReplies: [] });
    await call('POST', '/saved-replies', { title: 'Thanks', body: 'Hello {name}, about {reference}…' });
    const created = (
      await call('POST', '/saved-replies', { title: 'Call', body: 'When can we call?' })
    ).json();
    expect(created.savedReplies.map((row: { title: string }) => row.title)).toEqual(['Call', 'Thanks']);
    const id: number = created.savedReplies[1].id;
    const updated = await call('POST', `/saved-replies/${id}`, { title: 'Thank you', body: 'Hi {name}' });
    expect(updated.json().savedReplies[1]).toMatchObject({ title: 'Thank you', body: 'Hi {name}' });
    expect((await call('DELETE', `/saved-replies/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/saved-replies/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/saved-replies')).json().savedReplies).toHaveLength(1);
  });
});
