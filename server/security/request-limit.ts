import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from './client-address.ts';
import { redisClientKey, type Redis } from './redis-client.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface SharedRateLimit extends RateLimit {
  /** Names its counters in Redis (each limit has its own), e.g. "quote". */
  name: string;
  /** REDIS_URL's client: the counters are shared by every instance; without it, in this process's memory. */
  redis: Redis | undefined;
}

/** One request counted: allowed, refused (over the limit), or not counted because Redis failed. */
export type LimitCheck =
  | { outcome: 'allowed' }
  | { outcome: 'refused'; retryAfterSeconds: number }
  | { outcome: 'unavailable'; error: unknown };

/**
 * Registers @fastify/rate-limit in this scope (one budget shared by its routes:
 * a plugin-wide store) and returns a function that counts a request against
 * it. The client is its address (TRUST_PROXY decides which), an IPv6 address
 * by its /64, as the plugin does by default. With Redis, the plugin's Redis
 * store keeps the counters, each named by a hash of its client (no IP address
 * is written to Redis). A Redis error is not the plugin's to skip but the
 * caller's to decide: a form lets the request through, a sign-in refuses it.
 */
export async function registerRequestLimit(app: FastifyInstance, limit: SharedRateLimit) {
  await app.register(rateLimit, {
    global: false,
    max: limit.max,
    timeWindow: limit.windowMs,
    ...(limit.redis
      ? {
          redis: limit.redis,
          nameSpace: `rate-limit:${limit.name}:`,
          keyGenerator: (request: FastifyRequest) => redisClientKey(clientKey(request.ip)),
          skipOnError: false,
        }
      : {}),
  });
  const check = app.createRateLimit();
  return async (request: FastifyRequest): Promise<LimitCheck> => {
    try {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        return { outcome: 'refused', retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
      }
      return { outcome: 'allowed' };
    } catch (error) {
      return { outcome: 'unavailable', error };
    }
  };
}
