import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAttemptBudget, type AttemptBudget } from '../security/attempt-budget.ts';
import { clientKey } from '../security/client-address.ts';
import { createRedisAttemptBudget } from '../security/redis-attempt-budget.ts';
import type { Redis } from '../security/redis-client.ts';
import { registerRequestLimit, type RateLimit } from '../security/request-limit.ts';
import { ApiProblem } from './api-problem.ts';
import { CeremonyFailed } from './ceremonies.ts';

/** An attempt the server refused (a bad passkey, invitation or request), not one it failed to handle. */
const isRefusal = (error: unknown) =>
  error instanceof CeremonyFailed || (error instanceof ApiProblem && error.statusCode < 500);

/** Redis (REDIS_URL) cannot be reached: sign-in fails closed, since its limits cannot be checked. */
function limitsUnavailable(request: FastifyRequest, error: unknown): ApiProblem {
  request.log.warn({ err: error }, 'sign-in refused: Redis unavailable, its limits cannot be checked');
  return new ApiProblem(
    503,
    'unavailable',
    'Signing in is not possible just now: the server cannot check its sign-in limits. Please try again in a minute.',
  );
}

export interface SignInAttemptsOptions {
  /** Failed attempts per client address (IPv6 by /64) and window. */
  max: number;
  windowMs: number;
  now: () => Date;
  /** REDIS_URL's client: the budget is shared by every instance; without it, in this process's memory. */
  redis?: Redis | undefined;
}

/**
 * Runs sign-ins and invitation acceptances within a budget of failed attempts
 * per client address. Each attempt takes its unit before it runs (so a burst
 * of parallel attempts gets at most `max` through), and gives it back unless
 * the server refused it: colleagues behind one office address never use up
 * each other's budget by signing in. With Redis down, every attempt gets 503.
 */
export function signInAttempts({ redis, ...options }: SignInAttemptsOptions) {
  const budget: AttemptBudget = redis
    ? createRedisAttemptBudget({ ...options, redis, name: 'sign-in-failures' })
    : createAttemptBudget(options);
  const giveBack = (request: FastifyRequest, key: string) =>
    budget.giveBack(key).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a sign-in attempt could not be given back: Redis unavailable');
    });
  return async function attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<T>,
  ): Promise<T> {
    const key = clientKey(request.ip);
    const taken = await budget.take(key).catch((error: unknown) => {
      throw limitsUnavailable(request, error);
    });
    if (!taken.allowed) {
      const minutes = Math.max(1, Math.ceil(taken.retryAfterSeconds / 60));
      reply.header('retry-after', String(taken.retryAfterSeconds));
      throw new ApiProblem(
        429,
        'rate-limited',
        `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
    }
    try {
      const result = await run();
      await giveBack(request, key);
      return result;
    } catch (error) {
      if (!isRefusal(error)) await giveBack(request, key);
      throw error;
    }
  };
}

/**
 * A limit on every request of the scope (the public sign-in routes), one
 * budget for all of them, checked as each request arrives: 429 over it, and
 * 503 while Redis cannot count it.
 */
export async function limitPublicRequests(
  scope: FastifyInstance,
  limit: RateLimit & { redis?: Redis | undefined },
) {
  const check = await registerRequestLimit(scope, { ...limit, name: 'sign-in', redis: limit.redis });
  scope.addHook('onRequest', async (request, reply) => {
    const result = await check(request);
    if (result.outcome === 'unavailable') throw limitsUnavailable(request, result.error);
    if (result.outcome === 'refused') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw new ApiProblem(
        429,
        'rate-limited',
        'Too many attempts. Please wait a few minutes and try again.',
      );
    }
  });
}
