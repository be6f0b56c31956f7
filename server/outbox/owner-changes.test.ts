import { expressionBuilder, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { seedConfirmedSubscribers } from '../test/confirmed-subscribers.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { queueEmails } from './outbox-rows.ts';
import { holdFor, releaseFor, retryDeadFor, withdrawFor, type OwnerSelection } from './owner-changes.ts';
import { queueSelected } from './queue-selected.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';
import type { NewsletterTables } from '../newsletter/newsletter-tables.ts';

const AT = new Date('2026-11-28T09:00:00.000Z');
const LATER = new Date('2026-11-28T09:05:00.000Z');
const KIND = 'owner-test';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** A database with three subscribers, each with one email of KIND waiting (the subscriber as owner). */
async function threeOwners() {
  const stores = await openStores(testConfig({}, tempDir()));
  opened.push(stores);
  const { storage } = stores;
  await seedConfirmedSubscribers(
    storage,
    ['a@reader.test', 'b@reader.test', 'c@reader.test'],
    AT.toISOString(),
  );
  const ids = (
    await tablesOf<NewsletterTables>(storage.db)
      .selectFrom('subscribers')
      .select('id')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
  await storage.write.run((trx) =>
    queueEmails(
      trx,
      ids.map((id, index) => ({
        kind: KIND,
        recipient: `${'abc'[index]}@reader.test`,
        messageId: `<owner-${id}@acme.test>`,
        owner: { type: 'subscriber', id },
        at: AT,
      })),
    ),
  );
  const rows = () =>
    tablesOf<OutboxTables>(storage.db).selectFrom('outbox').selectAll().orderBy('id').execute();
  const set = (id: number, change: { status?: 'dead'; claimed_until?: string; last_error?: string }) =>
    storage.write.run((trx) =>
      tablesOf<OutboxTables>(trx).updateTable('outbox').set(change).where('owner_id', '=', id).execute(),
    );
  const run = <T>(change: (trx: Parameters<Parameters<typeof storage.write.run>[0]>[0]) => Promise<T>) =>
    storage.write.run(change);
  const of = (id: number): OwnerSelection => ({ owner: { type: 'subscriber', id }, kind: KIND });
  return { stores, storage, ids: ids as [number, number, number], rows, set, run, of };
}

describe("the outbox's operations for its owners", () => {
  it('holds what waits and lets it go again, never an email being sent, each keeping its last error', async () => {
    const { ids, rows, set, run, of } = await threeOwners();
    await set(ids[0], { last_error: '451 Try later' });
    await set(ids[1], { claimed_until: LATER.toISOString() }); // a worker is sending it
    const held = await run(
      async (trx) => (await holdFor(trx, of(ids[0]), AT)) + (await holdFor(trx, of(ids[1]), AT)),
    );
    expect(held).toBe(1);
    expect((await rows()).map((row) => [row.status, row.last_error])).toEqual([
      ['held', '451 Try later'],
      ['pending', null],
      ['pending', null],
    ]);
    expect(await run((trx) => releaseFor(trx, of(ids[0]), AT))).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'pending', last_error: '451 Try later' });
  });

  it('withdraws what waits (and what is held, when asked) with its reason, never an email being sent', async () => {
    const { ids, rows, set, run, of } = await threeOwners();
    await run((trx) => holdFor(trx, of(ids[0]), AT));
    await set(ids[1], { claimed_until: LATER.toISOString() });
    const withdraw = (id: number, held: boolean) =>
      run((trx) => withdrawFor(trx, of(id), { reason: 'the campaign was cancelled', held, at: AT }));
    expect(await withdraw(ids[0], false)).toBe(0);
    expect(await withdraw(ids[0], true)).toBe(1);
    expect(await withdraw(ids[1], true)).toBe(0);
    expect(await withdraw(ids[2], false)).toBe(1);
    expect((await rows()).map((row) => [row.status, row.last_error])).toEqual([
      ['cancelled', 'the campaign was cancelled'],
      ['pending', null],
      ['cancelled', 'the campaign was cancelled'],
    ]);
  });

  it('retries only the dead emails its filter keeps, with a fresh count of attempts, waiting or held', async () => {
    const { storage, ids, rows, set, run } = await threeOwners();
    for (const id of ids) await set(id, { status: 'dead', last_error: '550 No such user' });
    await storage.write.run((trx) =>
      tablesOf<NewsletterTables>(trx)
        .updateTable('subscribers')
        .set({ status: 'bounced' })
        .where('id', '=', ids[2])
        .execute(),
    );
    const stillConfirmed: OwnerSelection = {
      owner: { type: 'subscriber', id: ids[0] },
      only: (eb) =>
        eb(
          'owner_id',
          'in',
          expressionBuilder<NewsletterTables>()
            .selectFrom('subscribers')
            .select('id')
            .where('status', '=', 'confirmed'),
        ),
    };
    expect(await run((trx) => retryDeadFor(trx, stillConfirmed, { held: true, at: LATER }))).toBe(1);
    const bounced = { ...stillConfirmed, owner: { type: 'subscriber', id: ids[2] } };
    expect(await run((trx) => retryDeadFor(trx, bounced, { held: false, at: LATER }))).toBe(0);
    expect(
      (await rows()).map((row) => [row.status, row.attempts, row.last_error, row.next_attempt_at]),
    ).toEqual([
      ['held', 0, null, LATER.toISOString()],
      ['dead', 0, '550 No such user', AT.toISOString()],
      ['dead', 0, '550 No such user', AT.toISOString()],
    ]);
  });

  it('queues one email per row a select gives, in its order, each with its owner and recipient', async () => {
    const { storage, stores, ids, run } = await threeOwners();
    const campaign = await stores.campaigns.create(
      { subject: 'News', preheader: '', bodyMarkdown: 'Hello' },
      'priya@acme.test',
    );
    const owner = { type: 'campaign', id: campaign.id };
    await run((trx) =>
      queueSelected(
        trx,
        { kind: 'selected', lane: 'campaign', owner, recipientType: 'subscriber', at: LATER },
        (fixed) =>
          tablesOf<NewsletterTables>(trx)
            .selectFrom('subscribers')
            .select([...fixed, 'email', sql<string>`'<' || email || '>'`.as('message_id'), 'id'])
            .where('id', '!=', ids[1])
            .orderBy('id', 'desc'),
      ),
    );
    const queued = await tablesOf<OutboxTables>(storage.db)
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'selected')
      .orderBy('id')
      .execute();
    const common = { lane: 'campaign', status: 'pending', attempts: 0, next_attempt_at: LATER.toISOString() };
    expect(queued).toEqual([
      expect.objectContaining({
        ...common,
        recipient: 'c@reader.test',
        message_id: '<c@reader.test>',
        owner_type: 'campaign',
        owner_id: campaign.id,
        recipient_type: 'subscriber',
        recipient_id: ids[2],
      }),
      expect.objectContaining({
        ...common,
        recipient: 'a@reader.test',
        message_id: '<a@reader.test>',
        owner_type: 'campaign',
        owner_id: campaign.id,
        recipient_type: 'subscriber',
        recipient_id: ids[0],
      }),
    ]);
  });
});
