import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { testConfig } from '../test/test-app.ts';
import type * as LeadReference from './lead-reference.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from './quote-tables.ts';

// The references drawn, in order: the second lead's first draw is the first lead's.
const draws = vi.hoisted(() => ['Q-AAAAAA', 'Q-AAAAAA', 'Q-BBBBBB']);
vi.mock('./lead-reference.ts', async (original) => ({
  ...(await original<typeof LeadReference>()),
  newLeadReference: () => draws.shift() ?? 'Q-CCCCCC',
}));

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

describe('a new lead’s reference', () => {
  it('is drawn again when another lead has it, and the lead is stored all the same', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const store = () => stores.leads.store({ request: sampleQuote(), sourcePage: '/contact', spam: false });

    const first = await store();
    const second = await store();

    const references = await tablesOf<LeadTables>(stores.storage.db)
      .selectFrom('quote_requests')
      .select(['id', 'reference'])
      .orderBy('id')
      .execute();
    expect(references).toEqual([
      { id: first.id, reference: 'Q-AAAAAA' },
      { id: second.id, reference: 'Q-BBBBBB' },
    ]);
    expect(second.queued).toBe(1); // its notification was promised with it
  });

  it('is drawn again for one lead of several sent together, and every one is stored with its notification', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const store = (email: string) =>
      stores.leads.store({ request: sampleQuote({ email }), sourcePage: '/contact', spam: false });
    draws.splice(0, draws.length, 'Q-DDDDDD', 'Q-DDDDDD', 'Q-EEEEEE', 'Q-FFFFFF');

    const first = await store('first@company.example');
    // Written together (on PostgreSQL one statement): the first of them draws the taken Q-DDDDDD.
    const together = await Promise.all([store('second@company.example'), store('third@company.example')]);

    const leads = await tablesOf<LeadTables>(stores.storage.db)
      .selectFrom('quote_requests')
      .select(['id', 'reference'])
      .execute();
    expect(leads.map((lead) => lead.reference).sort()).toEqual(['Q-DDDDDD', 'Q-EEEEEE', 'Q-FFFFFF']);
    const ids = [first, ...together].map((lead) => lead.id).sort((a, b) => a - b);
    expect(leads.map((lead) => lead.id).sort((a, b) => a - b)).toEqual(ids);
    const notified = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select('owner_id')
      .where('kind', '=', 'notification')
      .orderBy('owner_id')
      .execute();
    expect(notified.map((row) => row.owner_id)).toEqual(ids);
  });
});
