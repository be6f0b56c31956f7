import { afterEach, describe, expect, it } from 'vitest';
import { validateQuoteRequest } from '../../common/quote-request.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { HOUR_MS, manualClock } from '../test/manual-clock.ts';
import { testConfig } from '../test/test-app.ts';
import { backfillFirstContact } from './first-contact-migrations.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function leadsWithClock() {
  const clock = manualClock('2026-11-27T04:00:00.000Z');
  const stores = await openStores(testConfig(), { now: clock.now });
  opened.push(stores);
  const valid = validateQuoteRequest(sampleQuote());
  if (!valid.ok) throw new Error('sample');
  const { id } = await stores.leads.store({ request: valid.value, sourcePage: '/', spam: false });
  const firstContact = async () =>
    (
      await tablesOf<LeadTables>(stores.storage.db)
        .selectFrom('quote_requests')
        .select('first_contact_ms')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).first_contact_ms;
  return { stores, clock, id, firstContact, request: valid.value };
}

describe(`a lead's time to first contact, on ${testDatabase}`, () => {
  it("is set by a person's first status change or note, never by the system, and never again", async () => {
    const { stores, clock, id, firstContact } = await leadsWithClock();
    clock.advance(HOUR_MS);
    await stores.leads.setStatus(id, 'contacted', null); // a command: the system, not an answer
    await stores.leads.setSpam(id, true, 'asha@acme.test'); // marking spam answers nobody
    await stores.leads.setSpam(id, false, 'asha@acme.test');
    expect(await firstContact()).toBeNull();
    clock.advance(HOUR_MS);
    await stores.leads.addNote(id, 'Called, no answer.', 'asha@acme.test');
    expect(await firstContact()).toBe(2 * HOUR_MS);
    clock.advance(HOUR_MS);
    await stores.leads.setStatus(id, 'quoted', 'ravi@acme.test');
    expect(await firstContact()).toBe(2 * HOUR_MS);
  });

  it('is filled in from the timeline for leads answered before it was stored', async () => {
    const { stores, clock, id, firstContact, request } = await leadsWithClock();
    clock.advance(90 * 60_000);
    await stores.leads.setStatus(id, 'contacted', 'asha@acme.test');
    clock.advance(HOUR_MS);
    await stores.leads.addNote(id, 'Still no reply.', 'asha@acme.test');
    const { id: late } = await stores.leads.store({
      request,
      sourcePage: '/',
      spam: false,
    });
    const answeredAt = new Date(clock.now().getTime() + 40 * 24 * HOUR_MS).toISOString(); // beyond 2^31 ms
    // As before the column existed: the events are there, the times are not.
    await stores.storage.write.run(async (trx) => {
      await tablesOf<LeadTables>(trx).updateTable('quote_requests').set({ first_contact_ms: null }).execute();
      await tablesOf<LeadTables>(trx)
        .insertInto('lead_events')
        .values({
          quote_request_id: late,
          at: answeredAt,
          actor: 'ravi@acme.test',
          kind: 'note',
        })
        .execute();
      await backfillFirstContact(trx, testDatabase);
    });
    expect(await firstContact()).toBe(90 * 60_000);
    const lateLead = await tablesOf<LeadTables>(stores.storage.db)
      .selectFrom('quote_requests')
      .select('first_contact_ms')
      .where('id', '=', late)
      .executeTakeFirstOrThrow();
    expect(lateLead.first_contact_ms).toBe(40 * 24 * HOUR_MS);
  });
});
