import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { statementLog } from '../test/statement-log.ts';
import { storeIntegration } from '../test/stored-integration.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { IntegrationTables } from '../integrations/integration-tables.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const isTransactionControl = (statement: string) =>
  /^(begin|commit|rollback|savepoint|release)/.test(statement);

describe('a quote as the database sees it', () => {
  it('is written without a read first: its deliveries in one statement; on PostgreSQL the lead, its notification and the auto-reply switch in one', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    const webhook = await storeIntegration(storage, 'webhook', 'https://crm.example.com/hooks/leads');
    const slack = await storeIntegration(storage, 'slack', 'https://hooks.slack.com/services/T0/B0/x');
    const teams = await storeIntegration(storage, 'teams', 'https://acme.webhook.office.com/x');
    await storage.write.run((trx) =>
      tablesOf<IntegrationTables>(trx)
        .updateTable('integrations')
        .set({ enabled: 0 })
        .where('id', '=', teams.id)
        .execute(),
    );

    const log = statementLog(storage);
    const stored = await stores.leads.store({ request: sampleQuote(), sourcePage: '/contact', spam: false });
    log.stop();

    const statements = log.statements.filter((statement) => !isTransactionControl(statement));
    const reads = statements.filter((statement) => /^select .*from "(outbox|integrations)"/s.test(statement));
    expect(reads).toEqual([]); // nothing read before the deliveries are queued
    // One statement queues the deliveries (on PostgreSQL, the lead's own also asked whether any is enabled).
    expect(
      statements.filter(
        (statement) => statement.includes('"integrations"') && !statement.includes('"quote_requests"'),
      ),
    ).toHaveLength(1);
    const leadWrites = statements.filter((statement) => statement.includes('"quote_requests"'));
    if (storage.insertsInWith) {
      expect(leadWrites).toEqual([
        expect.stringMatching(/insert into "quote_requests".*insert into "outbox"/s),
      ]);
    }

    const rows = await tablesOf<OutboxTables>(storage.db)
      .selectFrom('outbox')
      .select(['kind', 'lane', 'recipient', 'message_id', 'recipient_type', 'recipient_id', 'payload'])
      .where('owner_type', '=', 'lead')
      .where('owner_id', '=', stored.id)
      .orderBy('id')
      .execute();
    expect(rows.map(({ kind, recipient }) => [kind, recipient])).toEqual([
      ['notification', 'sales@acme.test'],
      ['integration', `webhook #${webhook.id}`],
      ['integration', `slack #${slack.id}`],
    ]);
    const deliveries = rows.slice(1);
    expect(deliveries.map((row) => [row.lane, row.recipient_type, row.recipient_id])).toEqual([
      ['integration', 'integration', webhook.id],
      ['integration', 'integration', slack.id],
    ]);
    for (const row of deliveries)
      expect(JSON.parse(row.payload ?? '')).toEqual({ event: 'lead.created', data: null });
    expect(new Set(deliveries.map((row) => row.message_id)).size).toBe(2); // each its own webhook id
  });

  it('on PostgreSQL, a quote nobody else needs to hear of is one statement: the lead, its notification, and what the other parts would need, read together', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    const log = statementLog(storage);
    const stored = await stores.leads.store({ request: sampleQuote(), sourcePage: '/contact', spam: false });
    log.stop();

    const statements = log.statements.filter((statement) => !isTransactionControl(statement));
    if (storage.insertsInWith) {
      // No integration enabled, "Leave unassigned", nobody on "All leads": no statement for any of them.
      expect(statements).toEqual([
        expect.stringMatching(
          /insert into "quote_requests".*"integrations".*"lead_assignment".*"admin_accounts"/s,
        ),
      ]);
    }
    const queued = await tablesOf<OutboxTables>(storage.db)
      .selectFrom('outbox')
      .select('kind')
      .where('owner_id', '=', stored.id)
      .execute();
    expect(queued.map((row) => row.kind)).toEqual(['notification']);
  });

  it('writes quotes sent together in one transaction, one commit (one fsync) for all of them', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    const log = statementLog(storage);
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stores.leads.store({
          request: sampleQuote({ email: `lead${i}@farm.test` }),
          sourcePage: '/contact',
          spam: false,
        }),
      ),
    );
    log.stop();
    // Before, on PostgreSQL: a transaction of its own for each, twenty commits.
    expect(log.statements.filter((statement) => statement.startsWith('commit'))).toHaveLength(1);
    const notifications = await tablesOf<OutboxTables>(storage.db)
      .selectFrom('outbox')
      .select('owner_id')
      .where('kind', '=', 'notification')
      .execute();
    expect(notifications.map((row) => row.owner_id).sort((a, b) => a - b)).toEqual(
      stored.map((lead) => lead.id).sort((a, b) => a - b),
    );
  });
});
