import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '../test/database-kind.ts';
import { freePort } from '../test/free-port.ts';
import { keptMail } from '../test/kept-mail.ts';
import { multipart, validQuote, type Fields } from '../test/form-request.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from './outbox-table.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function send(app: App, fields: Fields = validQuote) {
  const body = await multipart(fields);
  const response = await app.inject({ method: 'POST', url: '/api/quote', ...body });
  expect(response.body).toBe('success');
}

const outbox = (app: App) =>
  tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').selectAll().orderBy('id').execute();
/** What the lead's timeline says of its notification. */
const timeline = async (app: App) =>
  (
    await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('lead_events')
      .select('text')
      .where('kind', '=', 'delivery')
      .orderBy('id')
      .execute()
  ).map((event) => event.text);
const leads = (app: App) =>
  tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').selectAll().orderBy('id').execute();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the notification, received by a real SMTP server', () => {
  it('comes from the company, goes to its inbox, replies to the visitor, escapes the HTML and keeps its Message-ID', async () => {
    const smtp = await testSmtpSink();
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    const visitor = {
      ...validQuote,
      name: 'Priya "P" Sharma',
      email: 'priya@company.in',
      phone: '',
      message: 'Hi <script>alert("x")</script> & bye\nSecond line',
    };
    await send(app, visitor);

    const mail = await vi.waitFor(
      () => {
        expect(smtp.messages).toHaveLength(1);
        return smtp.messages[0]!;
      },
      { timeout: 5_000 },
    );
    expect(mail.from?.value).toEqual([{ name: 'Acme Tech', address: 'quotes@acme.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((to) => to.address) : []).toEqual([
      'sales@acme.test',
    ]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Priya "P" Sharma', address: 'priya@company.in' }]);
    expect(mail.subject).toContain('Priya "P" Sharma');
    expect(mail.text).toContain('Hi <script>alert("x")</script> & bye\nSecond line');
    expect(mail.text).toMatch(/^Phone: +not given$/m);
    expect(mail.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; bye');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('Priya &quot;P&quot; Sharma');

    const [row] = await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows[0]!.status).toBe('sent');
        return rows;
      },
      { timeout: 5_000 },
    );
    expect(mail.messageId).toBe(row!.message_id);
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(await timeline(app)).toEqual(['The notification was emailed to sales@acme.test.']);
  });

  it('retries while the server answers 421 and delivers the lead exactly once when it is back', async () => {
    const smtp = await testSmtpSink({
      onConnect: (attempt) =>
        attempt <= 2 ? { code: 421, message: 'Service not available, try later' } : undefined,
    });
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    await send(app);

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5_000 });
    const [row] = await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows[0]!.status).toBe('sent');
        return rows;
      },
      { timeout: 5_000 },
    );
    expect(row!.attempts).toBe(3);
    expect(smtp.connections).toBe(3);
    await settle(200); // several more polls: nothing is sent again
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.messageId).toBe(row!.message_id);
  });

  it('dead-letters the lead on a permanent 5xx and keeps it in the database', async () => {
    const smtp = await testSmtpSink({ onRcptTo: () => ({ code: 550, message: 'Mailbox unavailable' }) });
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    await send(app);

    const [row] = await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows[0]!.status).toBe('dead');
        return rows;
      },
      { timeout: 5_000 },
    );
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toContain('550');
    await settle(150);
    expect(smtp.connections).toBe(1);
    expect(smtp.messages).toEqual([]);
    const [lead] = await leads(app);
    expect(lead).toMatchObject(validQuote); // kept, with what the visitor sent
    expect(await timeline(app)).toEqual([
      expect.stringMatching(/^The notification could not be delivered: .*550/),
    ]);
  });

  it('dead-letters the lead when the server stays down for OUTBOX_MAX_ATTEMPTS attempts', async () => {
    const port = await freePort();
    const { app } = await testApp({
      startOutbox: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_MAX_ATTEMPTS: '3' },
    });
    await send(app);
    const [row] = await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows[0]!.status).toBe('dead');
        return rows;
      },
      { timeout: 5_000 },
    );
    expect(row!.attempts).toBe(3);
    expect(row!.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(await timeline(app)).toEqual([
      expect.stringMatching(/^The notification could not be delivered: .*(ECONNECTION|ECONNREFUSED)/),
    ]);
  });

  it('sends what is still in the outbox after a restart', async () => {
    const dir = tempDir();
    const port = await freePort();
    const before = await testApp({
      startOutbox: true,
      config: testConfig(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_RETRY_BASE_MS: '400', OUTBOX_RETRY_MAX_MS: '400' },
        dir,
      ),
    });
    await send(before.app);
    const [waiting] = await vi.waitFor(
      async () => {
        const rows = await outbox(before.app);
        expect(rows[0]!.attempts).toBeGreaterThanOrEqual(1);
        return rows;
      },
      { timeout: 5_000 },
    );
    await before.app.close();
    expect(waiting!.status).toBe('pending');

    // The mail server is back, and a new process starts on the same database:
    const smtp = await testSmtpSink();
    const after = await testApp({ startOutbox: true, config: testConfig({ SMTP_URL: smtp.url }, dir) });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5_000 });
    // Marked sent once the server accepted it: a moment after the sink has it (on PostgreSQL, a commit later).
    await vi.waitFor(async () => expect((await outbox(after.app))[0]!.status).toBe('sent'), {
      timeout: 5_000,
    });
    expect(smtp.messages[0]!.messageId).toBe(waiting!.message_id);
    expect(smtp.messages[0]!.text).toContain(validQuote.message);
  });
});

describe('what the notification reveals', () => {
  it('names each lead by an opaque reference, never its row id: two leads do not show how many came between', async () => {
    const smtp = await testSmtpSink();
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    await send(app, { ...validQuote, name: 'First Visitor' });
    await send(app, { ...validQuote, name: 'Second Visitor' });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 5_000 });

    const stored = await leads(app);
    expect(stored.map((lead) => lead.id)).toEqual([1, 2]);
    const references = stored.map((lead) => lead.reference);
    for (const [index, mail] of smtp.messages.entries()) {
      const lead = stored.find((candidate) => mail.subject?.includes(candidate.name))!;
      expect(mail.subject).toBe(`Quote request from ${lead.name} (${lead.reference})`);
      expect(mail.headers.get('x-quote-reference')).toBe(lead.reference);
      // Not in the subject (which a staff reply carries back to the visitor), nor anywhere else in the email.
      expect(mail.subject!.replace(lead.reference, '')).not.toMatch(/\d/);
      expect(`${mail.text}${String(mail.html)}`, `email ${index}`).not.toMatch(/#[12]\b|request [12]\b/i);
      const headerValues = [...mail.headers.values()].map((value) => JSON.stringify(value));
      expect(headerValues, `email ${index}`).not.toContain(JSON.stringify(String(lead.id)));
    }
    expect(references.every((reference) => /^Q-[0-9A-HJKMNP-TV-Z]{6}$/.test(reference))).toBe(true);
    expect(new Set(references).size).toBe(2);
  });
});

describe('without SMTP_URL', () => {
  it('keeps each email, as an .eml file under MAIL_DIR on SQLite or in the database on PostgreSQL, so nothing is lost', async () => {
    const { app, config } = await testApp({ startOutbox: true });
    await send(app);
    await vi.waitFor(async () => expect((await outbox(app))[0]!.status).toBe('sent'), { timeout: 5_000 });
    const kept = await keptMail(config);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.name).toMatch(/^quote\.[0-9a-f]{32}\.eml$/);
    expect(kept[0]!.eml).toContain('Subject: Quote request from Priya Sharma');
    expect(kept[0]!.eml).toContain('Reply-To: Priya Sharma <priya@company.in>');
    // Several instances share the database, not a disk: on PostgreSQL none is written there.
    const onDisk = existsSync(config.mail.dir) ? readdirSync(config.mail.dir) : [];
    expect(onDisk).toHaveLength(testDatabase === 'postgres' ? 0 : 1);
    expect((await outbox(app))[0]!.delivered_via).toBe(testDatabase === 'postgres' ? 'database' : 'file');
  });
});

describe('the acknowledgement to the visitor (ACK_EMAIL)', () => {
  it('is off by default', async () => {
    const smtp = await testSmtpSink();
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    await send(app);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5_000 });
    await settle(100);
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Quote request from'),
    ]);
  });

  it('goes at most once a day per address, never repeats the message, and never answers spam', async () => {
    const smtp = await testSmtpSink();
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url, ACK_EMAIL: 'true' } });
    await send(app, { ...validQuote, email: 'spam@bot.example', website: 'filled' });
    await send(app, { ...validQuote, message: 'SECRET-PROJECT-DETAILS' });
    await send(app, { ...validQuote, email: 'PRIYA@company.in', message: 'Second request' });

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(3), { timeout: 5_000 });
    await settle(100);
    const acks = smtp.messages.filter((mail) => mail.headers.get('auto-submitted') === 'auto-replied');
    expect(acks).toHaveLength(1);
    const [ack] = acks;
    expect(ack!.to && !Array.isArray(ack!.to) ? ack!.to.value[0]!.address : '').toBe('priya@company.in');
    expect(ack!.from?.value[0]!.address).toBe('quotes@acme.test');
    // It repeats nothing the visitor typed, not even their name.
    expect(ack!.text).toMatch(/^Hello,$/m);
    // The reference staff find the lead by, and nothing the visitor typed.
    const [lead] = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('reference')
      .where('spam', '=', 0)
      .execute();
    expect(ack!.text).toContain(`Your reference: ${lead!.reference}`);
    expect(ack!.text).not.toContain('Priya');
    expect(ack!.text).not.toContain('SECRET-PROJECT-DETAILS');
    expect(ack!.html).not.toContain('SECRET-PROJECT-DETAILS');
    const recipients = smtp.messages.flatMap((mail) =>
      mail.to && !Array.isArray(mail.to) ? mail.to.value : [],
    );
    expect(recipients.map((to) => to.address)).not.toContain('spam@bot.example');
  });
});
