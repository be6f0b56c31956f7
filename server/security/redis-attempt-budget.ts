import type { AttemptBudget, Take } from './attempt-budget.ts';
import { redisClientKey, type Redis } from './redis-client.ts';

/**
 * Takes a unit if the budget has one, in one step on the Redis server (a Lua
 * script runs alone), so parallel attempts on any instance cannot all pass a
 * budget none of them has used yet. The first unit starts the window (its
 * expiry). Returns [1, 0] when taken, [0, milliseconds left] when not.
 */
const TAKE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count <= tonumber(ARGV[2]) then return {1, 0} end
redis.call('DECR', KEYS[1])
return {0, redis.call('PTTL', KEYS[1])}
`;

/** Gives a unit back, only to a window that still runs (never a counter without its expiry). */
const GIVE_BACK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
`;

export interface RedisAttemptBudgetOptions {
  /** Attempts per client and window. */
  max: number;
  windowMs: number;
  redis: Redis;
  /** Names this budget's counters, e.g. "sign-in-failures". */
  name: string;
}

/** The attempt budget of createAttemptBudget, kept in Redis: shared by every instance of the server. */
export function createRedisAttemptBudget({
  max,
  windowMs,
  redis,
  name,
}: RedisAttemptBudgetOptions): AttemptBudget {
  const counter = (key: string) => `attempts:${name}:${redisClientKey(key)}`;
  return {
    async take(key): Promise<Take> {
      const [taken, leftMs] = (await redis.eval(TAKE, 1, counter(key), windowMs, max)) as [number, number];
      if (taken === 1) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, counter(key));
    },
  };
}
