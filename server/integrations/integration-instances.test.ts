import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { createOutboxWorker } from '../outbox/outbox-worker.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { storeIntegration } from '../test/stored-integration.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';
import { createHttpSender } from './http-sender.ts';
import { httpTransport } from './http-transport.ts';
import { integrationRetryPolicy } from './integration-retry.ts';
import { createIntegrationServices } from './integration-services.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { IntegrationTables } from './integration-tables.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

function worker(stores: Stores) {
  return createOutboxWorker({
    outbox: stores.outbox,
    transport: httpTransport(createHttpSender({ allowPrivate: true, production: false })),
    log: pino({ level: 'silent' }),
    pollMs: 20,
    retryPolicy: integrationRetryPolicy,
    leaseMs: 60_000,
    batchSize: 3,
    concurrency: 2,
    lane: { lane: 'integration' },
  });
}

describe.skipIf(testDatabase !== 'postgres')('two instances on PostgreSQL', () => {
  it('claim each delivery once: no webhook-id reaches the receiver twice', async () => {
    const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }, tempDir());
    const [first, second] = [await openStores(config), await openStores(config)];
    const receiver = await webhookReceiver();
    await storeIntegration(first.storage, 'slack', receiver.url);
    const count = 18;
    for (let index = 0; index < count; index++)
      await first.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });

    const drain = async (stores: Stores) => {
      const sending = worker(stores);
      while ((await sending.runOnce()) > 0);
    };
    await Promise.all([drain(first), drain(second)]);

    const rows = await tablesOf<OutboxTables>(first.storage.db)
      .selectFrom('outbox')
      .selectAll()
      .where('lane', '=', 'integration')
      .execute();
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(receiver.received).toHaveLength(count);
    // Slack has no webhook-id header: each delivery is told apart by its lead's reference.
    const references = receiver.received.map(
      (request) => (JSON.parse(request.body) as { text: string }).text,
    );
    expect(new Set(references).size).toBe(count);
    await first.close();
    await second.close();
  });
});

describe('the server', () => {
  it('delivers a quote sent through the public form to Slack within moments', async () => {
    const receiver = await webhookReceiver();
    const { app } = await testApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, startOutbox: true });
    const at = new Date().toISOString();
    await app.storage.write.run((trx) =>
      tablesOf<IntegrationTables>(trx)
        .insertInto('integrations')
        .values({
          kind: 'slack',
          url: receiver.url,
          enabled: 1,
          created_by: 'owner@acme.test',
          created_at: at,
          updated_at: at,
        })
        .execute(),
    );
    expect((await injectQuote(app)).body).toBe('success');
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 5_000 });
    const message = JSON.parse(receiver.received[0]!.body) as {
      blocks: { type: string; elements?: { url: string }[] }[];
    };
    expect(message.blocks.at(-1)?.elements?.[0]?.url).toBe('https://www.acme.test/admin/leads/1');
  });

  it('"Send test event" sends sample data marked as a test at once and logs it as a test', async () => {
    const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }, tempDir());
    const stores = await openStores(config);
    const receiver = await webhookReceiver();
    const integration = await storeIntegration(stores.storage, 'slack', receiver.url);
    const services = createIntegrationServices({
      storage: stores.storage,
      siteUrl: config.siteUrl,
      sender: createHttpSender({ allowPrivate: true, production: false }),
    });

    const entry = await services.sendTest(integration, new Date());

    expect(entry).toMatchObject({
      integration_id: integration.id,
      test: 1,
      ok: 1,
      status_code: 200,
      outbox_id: null,
    });
    expect(JSON.parse(receiver.received[0]!.body).text).toContain('(test event)');
    expect(
      await tablesOf<OutboxTables>(stores.storage.db).selectFrom('outbox').selectAll().execute(),
    ).toEqual([]);
    await stores.close();
  });
});
