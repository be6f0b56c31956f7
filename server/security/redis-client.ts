import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type { Redis };

/** How long a Redis command may take before it fails (and the request goes on without it). */
const COMMAND_TIMEOUT_MS = 500;
/** How long connecting may take; ioredis then tries again, waiting at most RECONNECT_MAX_MS. */
const CONNECT_TIMEOUT_MS = 1_000;
const RECONNECT_MAX_MS = 2_000;
/** Redis down: one warning per this long, not one per failed reconnect. */
const WARN_EVERY_MS = 60_000;

/**
 * The app's one Redis client (REDIS_URL), for the rate limits. Never lets a
 * request wait for Redis: with no connection a command fails at once (no
 * offline queue), a slow one after COMMAND_TIMEOUT_MS, and it is not retried.
 * It reconnects on its own, so limits work again when Redis is back, without
 * a restart. A start with Redis down is not a failed start (quotes must still
 * be taken): it is logged, and the client keeps trying.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded only with REDIS_URL: every other start (and test app) is spared ioredis (decision 072).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
  });
  let warnedAt = -Infinity;
  redis.on('error', (error: Error) => {
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn(
      { err: error },
      'Redis is unavailable: quotes and sign-ups are taken without their rate limits, sign-ins get 503',
    );
  });
  redis.on('ready', () => {
    if (warnedAt === -Infinity) return;
    warnedAt = -Infinity;
    log.info('Redis is available again');
  });
  await redis.connect().catch(() => undefined);
  return redis;
}

/** For /readyz: whether Redis answers now. */
export async function redisHealth(redis: Redis): Promise<'ok' | 'unavailable'> {
  try {
    return (await redis.ping()) === 'PONG' ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * The name a client's counter has in Redis: its client key (clientKey: the
 * address, an IPv6 one by its /64) hashed, so no raw IP address is written
 * to Redis (or to its snapshots on disk).
 */
export const redisClientKey = (clientKey: string) =>
  createHash('sha256').update(clientKey, 'utf8').digest('hex').slice(0, 32);
