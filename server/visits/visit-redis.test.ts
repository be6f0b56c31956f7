import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer } from '../test/redis-server.ts';
import { newVisitors } from './visit-redis.ts';

const hashes = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) => `visitor-${from + at}`.padEnd(22, '.'));

describe.skipIf(!hasRedisServer)('a day’s visitors in Redis', () => {
  it('are an exact set up to 10,000, then a sketch of bounded size, counted within 2%', async () => {
    const server = await startRedisServer();
    const redis = new Redis(server.url);
    const key = 'visits:2026-03-02:page:/';
    const add = async (members: string[]) =>
      (await newVisitors(redis, [{ key, members, exactMax: 10_000 }], () => 3600))[0];
    expect(await add(hashes(0, 6_000))).toBe(6_000);
    expect(await add(hashes(0, 6_000))).toBe(0);
    expect(await redis.type(key)).toBe('set');
    // Past 10,000: the 12,000 counted exactly, the set moved into a HyperLogLog.
    expect(await add(hashes(6_000, 6_000))).toBe(6_000);
    expect(await redis.exists(key)).toBe(0);
    expect(await redis.type(`${key}:hll`)).toBe('string');
    let total = 12_000;
    for (let from = 12_000; from < 100_000; from += 8_000) total += (await add(hashes(from, 8_000))) ?? 0;
    expect(Math.abs(total - 100_000) / 100_000).toBeLessThan(0.02);
    expect(await add(hashes(0, 5_000))).toBe(0);
    expect(Number(await redis.call('MEMORY', 'USAGE', `${key}:hll`))).toBeLessThanOrEqual(16 * 1024);
    expect(await redis.ttl(`${key}:hll`)).toBeGreaterThan(0);
    redis.disconnect();
  });
});
