import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { manualClock } from '../test/manual-clock.ts';
import { hasRedisServer, startRedisServer } from '../test/redis-server.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { CHROME, FIREFOX, flushVisits, visit, visitFigures } from '../test/visit-requests.ts';

const alice = { ip: '203.0.113.10', ua: FIREFOX };
const bob = { ip: '198.51.100.20', ua: CHROME };

/** Two instances of the app on one database (and the same REDIS_URL, if the config has one), at one time. */
async function twoInstances(config: Config) {
  const { now } = manualClock();
  const { app: first } = await testApp({ config, now });
  const { app: second } = await testApp({ config, now });
  return [first, second] as const;
}

/** Alice on both instances (the same page, then another), Bob on the second only; both flushed. */
async function sameVisitorOnBoth(config: Config) {
  const [first, second] = await twoInstances(config);
  await visit(first, '/', alice);
  await visit(second, '/', alice);
  await visit(second, '/thank-you', alice);
  await visit(second, '/', bob);
  await flushVisits(first);
  await flushVisits(second);
  // Once more, after the first flush of each: still not new.
  await visit(first, '/', alice);
  await flushVisits(first);
  return visitFigures(first);
}

const totals = (rows: { views: number; visitors: number }[]) =>
  rows.map(({ views, visitors }) => ({ views, visitors }));

describe('several instances on one database', () => {
  it('without Redis, each instance tells its own visitors apart (one person may count once per instance)', async () => {
    const figures = await sameVisitorOnBoth(testConfig());
    expect(totals(figures.days)).toEqual([{ views: 5, visitors: 3 }]);
    // Every view is counted once, whichever instance served it.
    expect(figures.pages.map((row) => [row.path, row.views])).toEqual([
      ['/', 4],
      ['/thank-you', 1],
    ]);
  });

  describe.skipIf(!hasRedisServer)('with Redis', () => {
    it('counts a visitor seen by both instances once', async () => {
      const redis = await startRedisServer();
      const figures = await sameVisitorOnBoth(testConfig({ REDIS_URL: redis.url }));
      expect(totals(figures.days)).toEqual([{ views: 5, visitors: 2 }]);
      expect(figures.pages.map((row) => [row.path, row.views, row.visitors])).toEqual([
        ['/', 4, 2],
        ['/thank-you', 1, 1],
      ]);
      expect(figures.sources.map((row) => [row.path, row.referrer, row.views, row.visitors])).toEqual([
        ['/', 'direct', 4, 2],
        ['/thank-you', 'direct', 1, 1],
      ]);
      // Redis holds the day's hashes (never an address or a user agent) until an hour after midnight.
      const client = new Redis(redis.url);
      const keys = await client.keys('visits:*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const ttl = await client.ttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(25 * 3600);
        const members = (await client.smembers(key)).join(' ');
        for (const secret of [alice.ip, bob.ip, FIREFOX, CHROME]) expect(members).not.toContain(secret);
      }
      client.disconnect();
    });

    it('counts every view when Redis is down, telling visitors apart per instance for that batch', async () => {
      const redis = await startRedisServer();
      const config = testConfig({ REDIS_URL: redis.url });
      const [first, second] = await twoInstances(config);
      await redis.kill();
      await visit(first, '/', alice);
      await visit(second, '/', alice);
      await flushVisits(first);
      await flushVisits(second);
      expect(totals((await visitFigures(first)).days)).toEqual([{ views: 2, visitors: 2 }]);
    });
  });
});
