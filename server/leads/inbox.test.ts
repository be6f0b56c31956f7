import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { keptMail } from '../test/kept-mail.ts';
import { fetchHeaders, injectQuote, multipart, validQuote, type Fields } from '../test/form-request.ts';
import { testApp, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

async function sendLead(app: FastifyInstance, fields: Partial<Fields> = {}) {
  expect((await injectQuote(app, fields)).body).toBe('success');
}

/** An app with a signed-in staff member. */
async function inbox(env: Record<string, string> = {}) {
  const { app, config } = await testApp({ env });
  const staff = await staffMember(app, config);
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });
  return { app, config, staff, call };
}

const names = (reply: { json: () => { leads: { name: string }[] } }) =>
  reply.json().leads.map((lead) => lead.name);

describe('the inbox list', () => {
  it('shows leads newest first, with counts per view and a separate spam folder', async () => {
    const { app, call } = await inbox();
    await sendLead(app, { name: 'First Lead' });
    await sendLead(app, { name: 'Second Lead' });
    await sendLead(app, { name: 'Bot', website: 'http://spam.example' });

    const list = await call('GET', '/leads');
    expect(list.statusCode).toBe(200);
    expect(names(list)).toEqual(['Second Lead', 'First Lead']);
    expect(list.json().counts).toEqual({ all: 2, new: 2, contacted: 0, quoted: 0, won: 0, lost: 0, spam: 1 });
    expect(list.json().leads[0]).toMatchObject({
      email: validQuote.email,
      status: 'new',
      spam: false,
      delivery: { state: 'pending', attempts: 0 },
      excerpt: validQuote.message,
    });
    expect(names(await call('GET', '/leads?view=spam'))).toEqual(['Bot']);
    expect((await call('GET', '/leads?view=junk')).statusCode).toBe(400);
  });

  it('finds a lead by name, email, phone or words of its message', async () => {
    const { app, call } = await inbox();
    await sendLead(app, {
      name: 'Priya Sharma',
      email: 'priya@shop.in',
      phone: '+91 98000 11111',
      message: 'An online shop for sarees.',
    });
    await sendLead(app, {
      name: 'Ravi Kumar',
      email: 'ravi@dairy.in',
      phone: '+91 97000 22222',
      message: 'Marketing for our dairy.',
    });
    for (const [query, expected] of [
      ['priya', ['Priya Sharma']],
      ['ravi@dairy.in', ['Ravi Kumar']],
      ['97000', ['Ravi Kumar']],
      ['saree', ['Priya Sharma']],
      ['marketing dairy', ['Ravi Kumar']],
      ['nobody', []],
      ['"; drop --', []],
    ] as const) {
      const found = await call('GET', `/leads?q=${encodeURIComponent(query)}`);
      expect(found.statusCode, query).toBe(200);
      expect(names(found), query).toEqual(expected);
    }
  });

  it('finds a lead by its phone number however it is typed: with or without the country code, spaces or the area code', async () => {
    const { app, call } = await inbox();
    await sendLead(app, { name: 'Mobile Lead', phone: '+91 98765 43210' });
    await sendLead(app, { name: 'Landline Lead', phone: '(0161) 245-6789' });
    await sendLead(app, { name: 'Other Lead', phone: '+91 91234 56780' });
    for (const [query, expected] of [
      ['98765', ['Mobile Lead']],
      ['9876543210', ['Mobile Lead']],
      ['+919876543210', ['Mobile Lead']],
      ['+91-98765-43210', ['Mobile Lead']],
      ['09876543210', ['Mobile Lead']],
      ['43210', ['Mobile Lead']],
      ['2456789', ['Landline Lead']],
      ['0161 2456789', ['Landline Lead']],
      ['+91 161 245 6789', ['Landline Lead']],
      ['98765 00000', []],
    ] as const) {
      const found = await call('GET', `/leads?q=${encodeURIComponent(query)}`);
      expect(names(found), query).toEqual(expected);
    }
  });

  it('finds names in Indian scripts by whole letters, vowel signs included, not by their pieces', async () => {
    const { app, call } = await inbox();
    await sendLead(app, { name: 'राहुल शर्मा' });
    await sendLead(app, { name: 'रोहित लाल' });
    await sendLead(app, { name: 'ਪ੍ਰੀਤ ਕੌਰ' });
    await sendLead(app, { name: 'ਪਰਮਜੀਤ ਰੰਧਾਵਾ' });
    for (const [query, expected] of [
      ['राहुल', ['राहुल शर्मा']],
      ['राहु', ['राहुल शर्मा']],
      ['रोहित', ['रोहित लाल']],
      ['ਪ੍ਰੀਤ', ['ਪ੍ਰੀਤ ਕੌਰ']],
      ['ਪਰਮਜੀਤ', ['ਪਰਮਜੀਤ ਰੰਧਾਵਾ']],
    ] as const) {
      const found = await call('GET', `/leads?q=${encodeURIComponent(query)}`);
      expect(names(found), query).toEqual(expected);
    }
  });

  it('pages with a cursor, 50 at a time', async () => {
    const { app, call } = await inbox();
    for (let index = 0; index < 53; index++) await sendLead(app, { name: `Lead ${index}` });
    const first = await call('GET', '/leads');
    expect(first.json().leads).toHaveLength(50);
    expect(first.json().leads[0].name).toBe('Lead 52');
    const second = await call('GET', `/leads?cursor=${first.json().nextCursor}`);
    expect(names(second)).toEqual(['Lead 2', 'Lead 1', 'Lead 0']);
    expect(second.json().nextCursor).toBeNull();
  });
});

describe('a lead', () => {
  it('shows every field, its page, and moves through the statuses with a timeline of who did what', async () => {
    const { app, call, staff } = await inbox();
    await sendLead(app);
    const lead = await call('GET', '/leads/1');
    expect(lead.json()).toMatchObject({ id: 1, fields: validQuote, sourcePage: 'unknown', timeline: [] });
    // The reference its emails give, so staff can match an email to its lead.
    const [stored] = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('reference')
      .execute();
    expect(lead.json().reference).toBe(stored!.reference);

    const contacted = await call('POST', '/leads/1/status', { status: 'contacted' });
    expect(contacted.json().status).toBe('contacted');
    const noted = await call('POST', '/leads/1/notes', { text: 'Called her; wants a quote by Friday.' });
    expect(noted.json().timeline).toEqual([
      expect.objectContaining({ kind: 'status', from: 'new', to: 'contacted', by: staff.email }),
      expect.objectContaining({
        kind: 'note',
        text: 'Called her; wants a quote by Friday.',
        by: staff.email,
      }),
    ]);
    expect((await call('GET', '/leads?view=contacted')).json().leads).toHaveLength(1);
    expect((await call('POST', '/leads/1/status', { status: 'closed' })).statusCode).toBe(400);
    expect((await call('POST', '/leads/1/notes', { text: '   ' })).json()).toMatchObject({
      error: 'invalid',
      fields: { text: 'Write something first.' },
    });
    expect((await call('GET', '/leads/99')).statusCode).toBe(404);
    expect((await call('POST', '/leads/99/status', { status: 'won' })).statusCode).toBe(404);
  });

  it('"Not spam" sends the notification a spam lead never had, and "Mark as spam" withdraws a waiting one', async () => {
    const { app, call } = await inbox();
    await sendLead(app, { website: 'filled-by-a-bot' });
    expect((await call('GET', '/leads/1')).json()).toMatchObject({ spam: true, delivery: { state: 'none' } });
    const rescued = await call('POST', '/leads/1/spam', { spam: false });
    expect(rescued.json()).toMatchObject({ spam: false, delivery: { state: 'pending' } });
    const rows = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select(['kind', 'status'])
      .execute();
    expect(rows).toEqual([{ kind: 'notification', status: 'pending' }]);

    const marked = await call('POST', '/leads/1/spam', { spam: true });
    expect(marked.json()).toMatchObject({ spam: true, delivery: { state: 'none' } });
    expect(
      await tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').select('status').execute(),
    ).toEqual([{ status: 'cancelled' }]);
    expect((await call('GET', '/leads')).json().counts).toMatchObject({ all: 0, spam: 1 });
  });

  it('sends a dead notification again with Retry, and shows the banner count of dead notifications', async () => {
    const { app, call } = await inbox({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' });
    await sendLead(app);
    await app.outboxWorker.runOnce();
    const dead = (await call('GET', '/leads/1')).json();
    expect(dead.delivery).toMatchObject({
      state: 'dead',
      lastError: expect.stringMatching(/ECONNREFUSED|ECONNECTION/),
    });
    expect((await call('GET', '/leads')).json().deadNotifications).toBe(1);

    const retried = await call('POST', '/leads/1/retry', {});
    expect(retried.json().delivery).toMatchObject({ state: 'pending', attempts: 0 });
    expect(retried.json().timeline.map((entry: { kind: string }) => entry.kind)).toEqual([
      'delivery',
      'retry',
    ]);
    expect((await call('GET', '/leads')).json().deadNotifications).toBe(0);
    expect((await call('POST', '/leads/1/retry', {})).statusCode).toBe(409);
  });

  it('"Mark as spam" withdraws a dead notification too (off the banner, never retried), and "Not spam" queues it again', async () => {
    const { app, call } = await inbox({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' });
    await sendLead(app, { name: 'Cheap SEO' });
    await sendLead(app, { name: 'Real Lead' });
    await app.outboxWorker.runOnce();
    expect((await call('GET', '/leads')).json().deadNotifications).toBe(2);

    const marked = await call('POST', '/leads/1/spam', { spam: true });
    expect(marked.json()).toMatchObject({ spam: true, delivery: { state: 'none' } });
    expect((await call('GET', '/leads')).json().deadNotifications).toBe(1);
    expect((await call('GET', '/outbox?status=dead')).json().emails).toEqual([
      expect.objectContaining({ leadId: 2 }),
    ]);
    expect((await call('POST', '/outbox/retry-dead', {})).json()).toEqual({ retried: 1 });
    const spamEmail = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('owner_type', '=', 'lead')
      .where('owner_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(spamEmail).toEqual({ status: 'cancelled', last_error: 'marked as spam' });

    const rescued = await call('POST', '/leads/1/spam', { spam: false });
    expect(rescued.json()).toMatchObject({ spam: false, delivery: { state: 'pending', attempts: 0 } });
  });

  it('never emails the company about a lead marked as spam, even from a dead notification left from before', async () => {
    const { app, call } = await inbox({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' });
    await sendLead(app, { name: 'Cheap SEO' });
    await app.outboxWorker.runOnce();
    // As an older release left it: spam, with its notification still dead.
    await tablesOf<LeadTables>(app.storage.db).updateTable('quote_requests').set({ spam: 1 }).execute();
    expect((await call('GET', '/leads')).json().deadNotifications).toBe(0);
    await call('POST', '/outbox/retry-dead', {});
    await app.outboxWorker.runOnce();
    const row = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', attempts: 0 });
  });

  it('counts only lead notifications in the banner; the Outbox still shows every dead email', async () => {
    const { app, call } = await inbox({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' });
    const body = await multipart({ email: 'asha@farm.in' });
    await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      ...body,
      headers: { ...fetchHeaders, ...body.headers },
    });
    await app.outboxWorker.runOnce();
    expect((await call('GET', '/leads')).json().deadNotifications).toBe(0);
    expect((await call('GET', '/outbox?status=dead')).json().counts).toEqual({ pending: 0, dead: 1 });
  });

  it('deletes a lead with its emails and .eml files, behind nothing but the request (the page asks first)', async () => {
    const { app, call, config } = await inbox();
    await sendLead(app, { email: 'forget.me@company.in' });
    await sendLead(app, { email: 'keep@company.in' });
    await app.outboxWorker.runOnce();
    expect(await keptMail(config)).toHaveLength(2);

    expect((await call('DELETE', '/leads/1')).statusCode).toBe(204);
    expect((await call('GET', '/leads/1')).statusCode).toBe(404);
    expect(await keptMail(config)).toHaveLength(1);
    const left = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select('recipient')
      .execute();
    expect(left).toHaveLength(1);
    expect((await call('DELETE', '/leads/1')).statusCode).toBe(404);
  });

  it('exports the current view as CSV, formulas neutralised, and logs the export', async () => {
    const { app, call } = await inbox();
    await sendLead(app, { name: '=HYPERLINK("http://evil","x")' });
    await sendLead(app, { name: 'Bot', website: 'spam' });
    const csv = await call('GET', '/leads/export.csv?view=all');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv.body).not.toContain('Bot');
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    // Each row carries the reference the lead's emails give, e.g. "Q-7F3K9C".
    const stored = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('reference')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(csv.body).toMatch(new RegExp(`^"id","reference",.*\r\n"1","${stored.reference}",`));
    const log = (await call('GET', '/activity')).json().entries;
    expect(log[0]).toMatchObject({ action: 'export', summary: 'Exported 1 lead (all) as CSV' });
  });
});

describe('privacy', () => {
  it('keeps no words of a search and no details of a lead in the activity log, which outlives a Delete', async () => {
    const { app, call } = await inbox();
    await sendLead(app, { name: 'Kavya Reddy', email: 'kavya@shop.in', phone: '+91 98000 11111' });
    await call('POST', '/leads/1/status', { status: 'contacted' });
    await call('POST', '/leads/1/notes', { text: 'Kavya wants a quote by Friday.' });
    await call('POST', '/leads/1/spam', { spam: true });
    await call('POST', '/leads/1/spam', { spam: false });
    expect((await call('GET', '/leads/export.csv?view=all&q=kavya%40shop.in')).body).toContain(
      'kavya@shop.in',
    );
    await call('GET', '/leads/export.csv?view=contacted');
    await call('GET', '/subscribers/export.csv?view=all&q=kavya');
    expect((await call('DELETE', '/leads/1')).statusCode).toBe(204);

    const entries: { summary: string }[] = (await call('GET', '/activity')).json().entries;
    expect(entries.map((entry) => entry.summary)).toContain('Exported 1 lead (all, with a search) as CSV');
    expect(entries.map((entry) => entry.summary)).toContain('Exported 1 lead (contacted) as CSV');
    expect(entries.map((entry) => entry.summary)).toContain(
      'Exported 0 subscribers (all, with a search) as CSV',
    );
    const log = JSON.stringify(entries).toLowerCase();
    for (const detail of ['kavya', 'reddy', 'shop.in', '98000', 'friday']) expect(log).not.toContain(detail);
  });

  it('keeps the words of a search out of the server’s request log', async () => {
    const lines: string[] = [];
    const { app, config } = await testApp({
      env: { LOG_LEVEL: 'info' },
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    const staff = await staffMember(app, config);
    await api(app, config, 'GET', '/leads?view=all&q=kavya%40shop.in', { cookie: staff.cookie });
    await api(app, config, 'GET', '/leads/export.csv?q=Kavya+Reddy', { cookie: staff.cookie });
    await api(app, config, 'GET', '/subscribers?%71=kavya', { cookie: staff.cookie });
    await app.inject({ url: '/admin?q=kavya' });
    const requests = lines.filter((line) => line.includes('/admin'));
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(requests.join('\n').toLowerCase()).not.toContain('kavya');
    expect(requests.join('\n')).toContain('/admin/api/leads?[redacted]');
  });
});

describe('the outbox, subscribers and activity views', () => {
  it('lists dead emails and sends them all again', async () => {
    const { app, call } = await inbox({ SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_MAX_ATTEMPTS: '1' });
    await sendLead(app);
    await sendLead(app);
    await app.outboxWorker.runOnce();
    const dead = await call('GET', '/outbox?status=dead');
    expect(dead.json().counts).toEqual({ pending: 0, dead: 2 });
    expect(dead.json().emails[0]).toMatchObject({ kind: 'notification', status: 'dead', leadId: 2 });
    expect((await call('POST', '/outbox/retry-dead', {})).json()).toEqual({ retried: 2 });
    expect((await call('GET', '/outbox?status=pending')).json().counts).toEqual({ pending: 2, dead: 0 });
    expect((await call('POST', '/outbox/999/retry', {})).statusCode).toBe(404);
  });

  it('Retry sends a waiting email now, and brings a dead one back to be sent', async () => {
    let refuse: 'for now' | 'for good' | 'no' = 'for now';
    const sink = await testSmtpSink({
      onConnect: () => (refuse === 'for now' ? { code: 421, message: 'Try again later' } : undefined),
      onRcptTo: () => (refuse === 'for good' ? { code: 550, message: 'No such mailbox' } : undefined),
    });
    const { app, call } = await inbox({
      SMTP_URL: sink.url,
      OUTBOX_RETRY_BASE_MS: '3600000',
      OUTBOX_RETRY_MAX_MS: '3600000',
      OUTBOX_MAX_ATTEMPTS: '5',
    });
    await sendLead(app, { name: 'Waiting Lead' });
    await app.outboxWorker.runOnce();
    refuse = 'for good';
    await sendLead(app, { name: 'Dead Lead' });
    await app.outboxWorker.runOnce();

    const waiting = (await call('GET', '/outbox?status=pending')).json().emails;
    expect(waiting).toEqual([expect.objectContaining({ leadId: 1, attempts: 1 })]);
    expect(Date.parse(waiting[0].nextAttemptAt)).toBeGreaterThan(Date.now() + 20 * 60_000);
    const dead = (await call('GET', '/outbox?status=dead')).json().emails;
    expect(dead).toEqual([expect.objectContaining({ leadId: 2, status: 'dead' })]);

    refuse = 'no';
    const pressed = Date.now();
    expect((await call('POST', `/outbox/${waiting[0].id}/retry`, {})).statusCode).toBe(204);
    expect((await call('POST', `/outbox/${dead[0].id}/retry`, {})).statusCode).toBe(204);
    const due = await call('GET', '/outbox?status=pending');
    expect(due.json().counts).toEqual({ pending: 2, dead: 0 });
    for (const email of due.json().emails) {
      expect(email.attempts).toBe(0);
      expect(Date.parse(email.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(email.nextAttemptAt)).toBeGreaterThanOrEqual(pressed - 1000);
    }
    await app.outboxWorker.runOnce();
    expect(sink.messages).toHaveLength(2);
    expect((await call('GET', '/outbox')).json().counts).toEqual({ pending: 0, dead: 0 });
  });

  it('lists, searches, exports and removes newsletter subscribers', async () => {
    const { app, call, config } = await inbox();
    for (const email of ['asha@farm.in', 'bela@shop.in']) {
      const body = await multipart({ email });
      await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...body,
        headers: { ...fetchHeaders, ...body.headers },
      });
    }
    await app.outboxWorker.runOnce();
    const list = await call('GET', '/subscribers');
    expect(list.json().counts).toEqual({ all: 2, pending: 2, confirmed: 0, unsubscribed: 0, bounced: 0 });
    expect(
      (await call('GET', '/subscribers?q=farm'))
        .json()
        .subscribers.map((row: { email: string }) => row.email),
    ).toEqual(['asha@farm.in']);
    expect((await call('GET', '/subscribers?q=%25')).json().subscribers).toEqual([]);
    const csv = await call('GET', '/subscribers/export.csv?view=pending');
    expect(csv.body).toContain('"asha@farm.in"');
    const id = list.json().subscribers.find((row: { email: string }) => row.email === 'asha@farm.in').id;
    expect((await call('DELETE', `/subscribers/${id}`)).statusCode).toBe(204);
    expect((await call('GET', '/subscribers')).json().counts.all).toBe(1);
    const kept = await keptMail(config);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.eml).toContain('bela@shop.in');
  });

  it('records who did what, newest first', async () => {
    const { app, call, staff } = await inbox();
    await sendLead(app);
    await call('POST', '/leads/1/status', { status: 'won' });
    await call('DELETE', '/leads/1');
    const entries = (await call('GET', '/activity')).json().entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'lead-deleted',
      'status-changed',
      'account-created',
      'invitation',
    ]);
    expect(entries[1]).toMatchObject({ by: staff.email, summary: 'Lead #1: New → Won', leadId: 1 });
    expect(entries[3]).toMatchObject({ by: null });
  });
});
