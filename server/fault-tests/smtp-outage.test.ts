/**
 * Faults 3 and 4: the mail server is down for a while, then back; or it
 * refuses the company's mail for good until someone fixes it. Counted at a
 * real SMTP server: every lead is emailed exactly once, never twice and never
 * as two different emails.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '../config/config.ts';
import { runStoreCommand } from '../bin/store-command.ts';
import type { StoreCommand } from '../cli/command.ts';
import { leadsCommand } from '../leads/leads-command.ts';
import { outboxCommand } from '../outbox/outbox-commands.ts';
import { multipart, validQuote } from '../test/form-request.ts';
import { freePort } from '../test/free-port.ts';
import type { SmtpSink } from '../test/smtp-sink.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emailOf = (index: number) => `visitor-${index}@outage.test`;

async function sendLeads(app: App, count: number) {
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const body = await multipart({ ...validQuote, email: emailOf(index), message: `Lead number ${index}` });
      const response = await app.inject({ method: 'POST', url: '/api/quote', ...body });
      expect(response.body).toBe('success');
    }),
  );
}

const outbox = (app: App) =>
  tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').selectAll().orderBy('id').execute();
const leads = (app: App) =>
  tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').selectAll().orderBy('id').execute();

/** An operator's command (npm run leads, outbox...), run beside the server (same database). */
async function operatorCommand(command: StoreCommand, config: Config, ...args: string[]) {
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  // A generous lock wait: the running server may be writing at that moment.
  const code = await runStoreCommand(
    command,
    args,
    { ...config, database: { ...config.database, busyTimeoutMs: 5_000 } },
    io,
  );
  return { code, out, err };
}

/** Checks the sink holds exactly one email per lead, each with the Message-ID its outbox row promised. */
async function expectEachLeadEmailedOnce(app: App, smtp: SmtpSink, count: number) {
  const rows = await outbox(app);
  const messageIds = smtp.messages.map((mail) => mail.messageId);
  expect(smtp.messages).toHaveLength(count);
  expect(new Set(messageIds).size).toBe(count);
  expect(new Set(messageIds)).toEqual(new Set(rows.map((row) => row.message_id)));
  const references = smtp.messages.map((mail) => mail.headers.get('x-quote-reference'));
  expect(new Set(references)).toEqual(new Set((await leads(app)).map((lead) => lead.reference)));
}

/** Every lead's timeline says its notification was emailed. */
async function expectEachLeadNotified(app: App) {
  const emailed = await tablesOf<LeadTables>(app.storage.db)
    .selectFrom('lead_events')
    .select('quote_request_id')
    .where('kind', '=', 'delivery')
    .where('text', 'like', 'The notification was emailed%')
    .execute();
  expect(new Set(emailed.map((event) => event.quote_request_id))).toEqual(
    new Set((await leads(app)).map((lead) => lead.id)),
  );
}

describe('the SMTP server refuses connections for a while, then comes back', () => {
  it('emails every lead exactly once', async () => {
    const count = 12;
    const port = await freePort(); // nothing listens there yet: connections are refused
    const { app } = await testApp({
      startOutbox: true,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        OUTBOX_RETRY_BASE_MS: '50',
        OUTBOX_RETRY_MAX_MS: '200',
        OUTBOX_MAX_ATTEMPTS: '100',
      },
    });
    await sendLeads(app, count);

    // Every email has failed at least twice and is still waiting.
    await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows).toHaveLength(count);
        for (const row of rows) {
          expect(row.status).toBe('pending');
          expect(row.attempts).toBeGreaterThanOrEqual(2);
          expect(row.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
        }
      },
      { timeout: 10_000 },
    );

    // The mail server comes back on the same address.
    const smtp = await testSmtpSink({ port });
    await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows.every((row) => row.status === 'sent')).toBe(true);
      },
      { timeout: 15_000 },
    );
    await settle(300); // several more polls: nothing goes out a second time
    await expectEachLeadEmailedOnce(app, smtp, count);
    await expectEachLeadNotified(app);
  }, 30_000);
});

describe('the SMTP server answers 5xx for good', () => {
  it('dead-letters the leads, keeps them, lists them, and sends them once a retry is asked for', async () => {
    const count = 5;
    let refusing = true;
    const smtp = await testSmtpSink({
      onRcptTo: () => (refusing ? { code: 550, message: 'Relaying denied for this sender' } : undefined),
    });
    const config = testConfig({ SMTP_URL: smtp.url }, tempDir());
    const { app } = await testApp({ startOutbox: true, config });
    await sendLeads(app, count);

    // Each email is tried once (a 5xx is permanent) and becomes a dead letter.
    await vi.waitFor(
      async () => {
        const rows = await outbox(app);
        expect(rows).toHaveLength(count);
        expect(rows.every((row) => row.status === 'dead' && row.attempts === 1)).toBe(true);
      },
      { timeout: 5_000 },
    );
    await settle(200);
    expect(smtp.messages).toEqual([]);
    expect(smtp.connections).toBe(count); // no retry loop against a permanent refusal

    // The leads are all still in the database, with their text.
    const stored = await leads(app);
    expect(stored).toHaveLength(count);
    expect(stored.map((lead) => lead.message).sort()).toEqual(
      Array.from({ length: count }, (_, index) => `Lead number ${index}`).sort(),
    );

    // The operator sees them with the outbox command (npm run outbox dead), then npm run leads list...
    const dead = await operatorCommand(outboxCommand, config, 'dead');
    expect(dead.code).toBe(0);
    const deadLines = dead.out.trim().split('\n').slice(1);
    expect(deadLines).toHaveLength(count);
    for (const line of deadLines) expect(line).toMatch(/notification\s+dead\s+1\s+.*all recipi/);
    for (const row of await outbox(app)) expect(row.last_error).toContain('550 Relaying denied');
    const listed = await operatorCommand(leadsCommand, config, 'list');
    for (let index = 0; index < count; index++) {
      expect(listed.out).toMatch(new RegExp(`new\\s+dead\\s+Priya Sharma\\s+${emailOf(index)}`));
    }

    // ...fixes the mail setup, and asks for a retry: the running server sends each one once.
    refusing = false;
    const retry = await operatorCommand(outboxCommand, config, 'retry', '--all-dead');
    expect(retry).toMatchObject({ code: 0, out: expect.stringContaining(`Queued ${count} emails again`) });
    await vi.waitFor(
      async () => {
        expect((await outbox(app)).every((row) => row.status === 'sent')).toBe(true);
      },
      { timeout: 10_000 },
    );
    await settle(300);
    await expectEachLeadEmailedOnce(app, smtp, count);
    await expectEachLeadNotified(app);
    expect((await operatorCommand(outboxCommand, config, 'dead')).out).toBe('No dead letters.\n');
  }, 30_000);
});
