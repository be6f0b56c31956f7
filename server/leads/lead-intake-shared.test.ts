import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { statementLog } from '../test/statement-log.ts';
import { storeIntegration } from '../test/stored-integration.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from './quote-tables.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function openSite() {
  const stores = await openStores(testConfig());
  opened.push(stores);
  return stores;
}

type Stores = Awaited<ReturnType<typeof openSite>>;

/** Quotes sent at the same moment from these addresses (one write group). */
const sendTogether = (stores: Stores, emails: readonly string[]) =>
  Promise.all(
    emails.map((email) =>
      stores.leads.store({ request: sampleQuote({ email }), sourcePage: '/contact', spam: false }),
    ),
  );

/** Each lead's address and what was queued about it, by kind. */
async function queuedByLead(stores: Stores, ids: readonly number[]) {
  const leads = await tablesOf<LeadTables>(stores.storage.db)
    .selectFrom('quote_requests')
    .select(['id', 'email', 'reference'])
    .where('id', 'in', ids)
    .execute();
  const rows = await tablesOf<OutboxTables>(stores.storage.db)
    .selectFrom('outbox')
    .select(['owner_id', 'kind', 'message_id'])
    .where('owner_type', '=', 'lead')
    .where('owner_id', 'in', ids)
    .orderBy('id')
    .execute();
  return ids.map((id) => ({
    email: leads.find((lead) => lead.id === id)?.email,
    queued: rows.filter((row) => row.owner_id === id).map((row) => row.kind),
  }));
}

describe('quotes sent at the same moment', () => {
  it('are each stored with their own notification; on PostgreSQL in one statement for them all', async () => {
    const stores = await openSite();
    const emails = Array.from({ length: 12 }, (_, i) => `client${i}@company.example`);
    const log = statementLog(stores.storage);
    const stored = await sendTogether(stores, emails);
    log.stop();

    expect(
      await queuedByLead(
        stores,
        stored.map((lead) => lead.id),
      ),
    ).toEqual(emails.map((email) => ({ email, queued: ['notification'] })));
    expect(stored.map((lead) => lead.queued)).toEqual(emails.map(() => 1));
    const messageIds = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select('message_id')
      .execute();
    expect(new Set(messageIds.map((row) => row.message_id)).size).toBe(emails.length);
    const leadInserts = log.statements.filter((text) => text.startsWith('with "new_record" as (insert'));
    // Before: one statement (one round trip, one executor) per lead.
    if (stores.storage.insertsInWith) expect(leadInserts).toHaveLength(1);
  });

  it('each have the deliveries of the integrations on, and an acknowledgement once per address a day', async () => {
    const stores = await openSite();
    const webhook = await storeIntegration(stores.storage, 'webhook', 'https://crm.example.com/hooks/leads');
    await stores.autoReply.save(
      { enabled: true, text: 'Thanks, we will call.' },
      'owner@acme.test',
      new Date(),
    );
    const stored = await sendTogether(stores, [
      'asha@company.example',
      'ravi@company.example',
      'asha@company.example',
    ]);

    const queued = await queuedByLead(
      stores,
      stored.map((lead) => lead.id),
    );
    // Asha's second quote: her acknowledgement of today went with her first one.
    expect(queued).toEqual([
      { email: 'asha@company.example', queued: ['notification', 'acknowledgement', 'integration'] },
      { email: 'ravi@company.example', queued: ['notification', 'acknowledgement', 'integration'] },
      { email: 'asha@company.example', queued: ['notification', 'integration'] },
    ]);
    const deliveries = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select('recipient_id')
      .where('kind', '=', 'integration')
      .execute();
    expect(deliveries.map((row) => row.recipient_id)).toEqual([webhook.id, webhook.id, webhook.id]);
  });
});
