import { describe, expect, it } from 'vitest';
import { readerEmails, seedConfirmedSubscribers } from '../test/confirmed-subscribers.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Config } from '../config/config.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { manualClock } from '../test/manual-clock.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const LEASE_MS = 10 * 60_000;

/**
 * Two server instances on one database: on PostgreSQL two storages (two pools, as two processes
 * have); on SQLite, which has one writer, two sets of repositories on one storage.
 */
async function twoInstances(config: Config, now: () => Date): Promise<[Stores, Stores, () => Promise<void>]> {
  const first = await openStores(config, { now });
  const second = testDatabase === 'postgres' ? await openStores(config, { now }) : first;
  return [
    first,
    second,
    async () => {
      await first.close();
      if (second !== first) await second.close();
    },
  ];
}

const withSubscribers = (stores: Stores, count: number, at: string) =>
  seedConfirmedSubscribers(stores.storage, readerEmails(count), at);

const campaignLane = (ratePerMinute: number) => ({ lane: 'campaign' as const, ratePerMinute });

describe('campaigns on several instances', () => {
  it('counts the throttle in the database: it holds across a restart and between instances, never for notifications', async () => {
    const clock = manualClock();
    const config = testConfig();
    const first = await openStores(config, { now: clock.now });
    await withSubscribers(first, 20, clock.now().toISOString());
    const campaign = await first.campaigns.create(
      { subject: 'News', preheader: '', bodyMarkdown: 'Hi' },
      'p@a.test',
    );
    expect(await first.campaigns.send(campaign.id, campaign.version)).toHaveProperty('campaign');
    // /readyz and the Outbox view are about the notifications' lane: 20 campaign emails wait, not counted.
    expect(await first.outbox.health(clock.now())).toEqual({
      pending: 0,
      dead: 0,
      oldestPendingSeconds: null,
    });
    const lease = () => new Date(clock.now().getTime() + LEASE_MS);
    expect(await first.outbox.claimDue(clock.now(), lease(), 50, campaignLane(5))).toHaveLength(5);
    await first.close(); // a restart

    clock.advance(10_000);
    const [one, two, close] = await twoInstances(config, clock.now);
    try {
      expect(await one.outbox.claimDue(clock.now(), lease(), 50, campaignLane(5))).toHaveLength(0);
      // The campaign's minute is used up; a quote's notification goes at once all the same.
      await one.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
      expect(await two.outbox.claimDue(clock.now(), lease(), 50)).toHaveLength(1);

      clock.advance(60_000);
      const [a, b] = await Promise.all([
        one.outbox.claimDue(clock.now(), lease(), 50, campaignLane(5)),
        two.outbox.claimDue(clock.now(), lease(), 50, campaignLane(5)),
      ]);
      expect(a.length + b.length).toBe(5);
      const ids = new Set([...a, ...b].map((due) => due.row.id));
      expect(ids.size).toBe(5);
    } finally {
      await close();
    }
  });

  it('starts a scheduled campaign once, whichever instances see it due at the same moment', async () => {
    const clock = manualClock();
    const config = testConfig();
    const [one, two, close] = await twoInstances(config, clock.now);
    try {
      await withSubscribers(one, 30, clock.now().toISOString());
      const campaign = await one.campaigns.create(
        { subject: 'News', preheader: '', bodyMarkdown: 'Hi' },
        'p@a.test',
      );
      const when = new Date(clock.now().getTime() + 60_000);
      expect(await one.campaigns.schedule(campaign.id, campaign.version, when)).toHaveProperty('campaign');
      expect((await one.campaigns.startDue()).started).toEqual([]);

      clock.advance(61_000);
      const results = await Promise.all([
        one.campaigns.startDue(),
        two.campaigns.startDue(),
        one.campaigns.startDue(),
        two.campaigns.startDue(),
      ]);
      expect(results.flatMap((result) => result.started).map((row) => row.id)).toEqual([campaign.id]);
      const rows = await tablesOf<OutboxTables>(one.storage.db)
        .selectFrom('outbox')
        .select(['recipient_id', 'message_id'])
        .where('owner_type', '=', 'campaign')
        .where('owner_id', '=', campaign.id)
        .execute();
      expect(rows).toHaveLength(30);
      expect(new Set(rows.map((row) => row.recipient_id)).size).toBe(30);
      expect(new Set(rows.map((row) => row.message_id)).size).toBe(30);
      expect((await one.campaigns.find(campaign.id))?.status).toBe('sending');
    } finally {
      await close();
    }
  });
});
