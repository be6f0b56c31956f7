import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { createOutboxWorker } from '../outbox/outbox-worker.ts';
import { openStores } from '../stores.ts';
import { manualClock } from '../test/manual-clock.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { storeAttachment } from '../test/stored-attachment.ts';
import { storeIntegration } from '../test/stored-integration.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';
import { createHttpSender } from './http-sender.ts';
import { httpTransport } from './http-transport.ts';
import { INTEGRATION_RETRY_DELAYS_MS, integrationRetryPolicy } from './integration-retry.ts';
import { newSigningSecret } from './signing-secret.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { IntegrationTables } from './integration-tables.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const HOUR = 60 * 60 * 1000;

/** Stores on a fresh database, a clock the test moves, and a log the test reads. */
async function setup({ batchSize }: { batchSize?: number } = {}) {
  const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }, tempDir());
  // From the real time: the receiver's Standard Webhooks check refuses a timestamp 5 minutes off.
  const clock = manualClock(new Date().toISOString());
  const stores = await openStores(config, { now: clock.now });
  const lines: string[] = [];
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const worker = createOutboxWorker({
    outbox: stores.outbox,
    transport: httpTransport(createHttpSender({ allowPrivate: true, production: false })),
    log,
    noun: 'integration delivery',
    pollMs: 20,
    retryPolicy: integrationRetryPolicy,
    leaseMs: 60_000,
    lane: { lane: 'integration' },
    now: clock.now,
    // No jitter: the schedule's waits exactly.
    random: () => 0.5,
    ...(batchSize ? { batchSize } : {}),
  });
  return { config, clock, stores, worker, lines };
}

const storeLead = (stores: Stores, spam = false) =>
  stores.leads.store({ request: sampleQuote(), sourcePage: '/services', spam });

const outboxRows = (stores: Stores) =>
  tablesOf<OutboxTables>(stores.storage.db)
    .selectFrom('outbox')
    .selectAll()
    .where('lane', '=', 'integration')
    .orderBy('id')
    .execute();

describe("a lead's files at an integration", () => {
  it('are named with their sizes in lead.created, never their content nor a link to them', async () => {
    const { stores, worker } = await setup();
    const receiver = await webhookReceiver();
    await storeIntegration(stores.storage, 'webhook', receiver.url, newSigningSecret());
    const lead = await storeLead(stores);
    const content = Buffer.from('%PDF-1.7 the brief itself');
    await storeAttachment(stores.storage, lead.id, { name: 'Brief – v2.pdf', content });
    await storeAttachment(stores.storage, lead.id, {
      name: 'notes.txt',
      content: Buffer.from('more'),
      scan: 'pending',
      position: 1,
    });

    expect(await worker.runOnce()).toBe(1);

    const body = receiver.received[0]?.body ?? '';
    const payload = JSON.parse(body) as { data: { attachments: unknown } };
    expect(payload.data.attachments).toEqual([
      { name: 'Brief – v2.pdf', size: content.length },
      { name: 'notes.txt', size: 4 },
    ]);
    expect(body).not.toContain('the brief itself');
    expect(body).not.toContain('/attachments/');
  });
});

describe('a signed webhook', () => {
  it('receives lead.created in the lead’s transaction, signed as Standard Webhooks says, and logs the attempt', async () => {
    const { stores, worker, lines } = await setup();
    const receiver = await webhookReceiver();
    const secret = newSigningSecret();
    const integration = await storeIntegration(stores.storage, 'webhook', receiver.url, secret);
    const lead = await storeLead(stores);

    expect(await worker.runOnce()).toBe(1);

    const [request] = receiver.received;
    const payload = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    const stored = await tablesOf<LeadTables>(stores.storage.db)
      .selectFrom('quote_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payload.type).toBe('lead.created');
    expect(payload.data).toEqual({
      reference: stored.reference,
      name: stored.name,
      email: stored.email,
      phone: stored.phone,
      message: stored.message,
      page: '/services',
      received_at: stored.created_at,
      inbox_url: `https://www.acme.test/admin/leads/${lead.id}`,
      attachments: [],
    });
    const [row] = await outboxRows(stores);
    expect(row).toMatchObject({ status: 'sent', delivered_via: 'http', owner_type: 'lead' });
    expect(JSON.parse(row?.payload ?? '')).toMatchObject({ event: 'lead.created' });
    expect(request!.headers['webhook-id']).toBe(row!.message_id);
    const log = await tablesOf<IntegrationTables>(stores.storage.db)
      .selectFrom('integration_deliveries')
      .selectAll()
      .execute();
    expect(log).toEqual([
      expect.objectContaining({
        integration_id: integration.id,
        ok: 1,
        status_code: 200,
        test: 0,
        error: null,
      }),
    ]);
    // Neither the URL nor the secret is ever logged.
    expect(lines.join('')).toContain('integration delivery sent');
    expect(lines.join('')).not.toContain(receiver.url);
    expect(lines.join('')).not.toContain(secret.slice(6));
    await stores.close();
  });

  it('after "Rotate secret" is signed with both secrets, so a receiver with either verifies it', async () => {
    const { stores, worker, clock } = await setup();
    const receiver = await webhookReceiver();
    const [previous, current] = [newSigningSecret(), newSigningSecret()];
    const integration = await storeIntegration(stores.storage, 'webhook', receiver.url, current);
    await stores.storage.write.run((trx) =>
      tablesOf<IntegrationTables>(trx)
        .updateTable('integrations')
        .set({
          previous_secret: previous,
          previous_secret_until: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
        })
        .where('id', '=', integration.id)
        .execute(),
    );
    await storeLead(stores);
    await worker.runOnce();

    const { body, headers } = receiver.received[0]!;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [previous, current])
      expect(() => new Webhook(secret).verify(body, headers as Record<string, string>)).not.toThrow();
    await stores.close();
  });
});

describe('retries', () => {
  it('follow the schedule 5 s … 24 h, then the delivery is dead', async () => {
    const { stores, worker, clock } = await setup();
    const receiver = await webhookReceiver();
    receiver.answer(503);
    await storeIntegration(stores.storage, 'slack', receiver.url);
    await storeLead(stores);

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const before = clock.now().getTime();
      expect(await worker.runOnce()).toBe(1);
      const [row] = await outboxRows(stores);
      if (row!.status === 'dead') break;
      const next = Date.parse(row!.next_attempt_at);
      waits.push(next - before);
      clock.advance(next - before - 1);
      expect(await worker.runOnce()).toBe(0); // not before its time
      clock.advance(1);
    }
    expect(waits).toEqual([...INTEGRATION_RETRY_DELAYS_MS]);
    const [row] = await outboxRows(stores);
    expect(row).toMatchObject({ status: 'dead', attempts: 10, last_error: 'HTTP 503' });
    expect(receiver.received).toHaveLength(10);
    await stores.close();
  });

  it('deliver the lead when the receiver is back after an hour down', async () => {
    const { stores, worker, clock } = await setup();
    const receiver = await webhookReceiver();
    receiver.answer(500);
    await storeIntegration(stores.storage, 'teams', receiver.url);
    await storeLead(stores);
    const start = clock.now().getTime();
    while (clock.now().getTime() - start < HOUR) {
      await worker.runOnce();
      clock.advance(60_000);
    }
    receiver.answer(202);
    for (let minute = 0; minute < 120; minute++) {
      await worker.runOnce();
      clock.advance(60_000);
    }
    const [row] = await outboxRows(stores);
    expect(row).toMatchObject({ status: 'sent' });
    const card = JSON.parse(receiver.received.at(-1)!.body) as {
      type: string;
      attachments: { content: { type: string } }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]?.content.type).toBe('AdaptiveCard');
    const integration = await tablesOf<IntegrationTables>(stores.storage.db)
      .selectFrom('integrations')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(integration.failing_since).toBeNull();
    await stores.close();
  });
});

describe('disabling', () => {
  it('a 410 Gone disables the integration, withdraws what waits for it and says so in the activity log', async () => {
    const { stores, worker } = await setup({ batchSize: 1 });
    const receiver = await webhookReceiver();
    receiver.answer(410);
    const integration = await storeIntegration(stores.storage, 'slack', receiver.url);
    await storeLead(stores);
    await storeLead(stores);

    expect(await worker.runOnce()).toBe(1);

    expect(
      await tablesOf<IntegrationTables>(stores.storage.db)
        .selectFrom('integrations')
        .selectAll()
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      enabled: 0,
      disabled_reason: 'Its receiver answered 410 Gone: the webhook no longer exists.',
    });
    expect((await outboxRows(stores)).map((row) => row.status)).toEqual(['dead', 'cancelled']);
    const activity = await tablesOf<AccountTables>(stores.storage.db)
      .selectFrom('admin_activity')
      .selectAll()
      .execute();
    expect(activity).toEqual([
      expect.objectContaining({ actor: null, action: 'integration-disabled', lead_id: null }),
    ]);
    expect(activity[0]?.summary).toContain(`Slack integration #${integration.id} was disabled`);
    expect(activity[0]?.summary).not.toContain(receiver.url);
    // A new lead queues nothing for it.
    await storeLead(stores);
    expect(await outboxRows(stores)).toHaveLength(2);
    await stores.close();
  });

  it('three days of failures disable it too', async () => {
    const { stores, worker, clock } = await setup();
    const receiver = await webhookReceiver();
    receiver.answer(500);
    await storeIntegration(stores.storage, 'webhook', receiver.url, newSigningSecret());
    await storeLead(stores);
    for (let hour = 0; hour < 80; hour++) {
      await worker.runOnce();
      clock.advance(HOUR);
    }
    const integration = await tablesOf<IntegrationTables>(stores.storage.db)
      .selectFrom('integrations')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(integration).toMatchObject({
      enabled: 0,
      disabled_reason: 'Its deliveries failed for 3 days without a success.',
    });
    await stores.close();
  });
});

describe('spam and status changes', () => {
  it('a lead caught by the honeypot sends nothing', async () => {
    const { stores, worker } = await setup();
    const receiver = await webhookReceiver();
    await storeIntegration(stores.storage, 'slack', receiver.url);
    await storeLead(stores, true);
    expect(await outboxRows(stores)).toEqual([]);
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.state.connections).toBe(0);
    await stores.close();
  });

  it('a lead marked spam before its delivery sends nothing; marked Not spam, it sends lead.created then', async () => {
    const { stores, worker } = await setup();
    const receiver = await webhookReceiver();
    await storeIntegration(stores.storage, 'slack', receiver.url);
    const { id } = await storeLead(stores);
    await stores.leads.setSpam(id, true, 'owner@acme.test');
    expect(await worker.runOnce()).toBe(0);
    expect((await outboxRows(stores)).map((row) => row.status)).toEqual(['cancelled']);
    // Its status changing while it is spam tells nobody either.
    await stores.leads.setStatus(id, 'contacted', 'owner@acme.test');
    expect(await outboxRows(stores)).toHaveLength(1);

    await stores.leads.setSpam(id, false, 'owner@acme.test');
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const message = JSON.parse(receiver.received[0]!.body) as { text: string; blocks: { type: string }[] };
    expect(message.text).toMatch(/^New lead Q-/);
    expect(message.blocks.map((block) => block.type)).toEqual(['header', 'section', 'section', 'actions']);
    await stores.close();
  });

  it('a status change sends lead.status_changed with the old and the new status', async () => {
    const { stores, worker, config } = await setup();
    const receiver = await webhookReceiver();
    const secret = newSigningSecret();
    await storeIntegration(stores.storage, 'webhook', receiver.url, secret);
    const { id } = await storeLead(stores);
    await worker.runOnce();
    await stores.leads.setStatus(id, 'quoted', 'owner@acme.test');
    expect(await worker.runOnce()).toBe(1);

    const { body, headers } = receiver.received[1]!;
    const payload = new Webhook(secret).verify(body, headers as Record<string, string>);
    const lead = await tablesOf<LeadTables>(stores.storage.db)
      .selectFrom('quote_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payload).toMatchObject({
      type: 'lead.status_changed',
      data: {
        reference: lead.reference,
        from: 'new',
        to: 'quoted',
        inbox_url: `${config.siteUrl}/admin/leads/${id}`,
      },
    });
    await stores.close();
  });
});
