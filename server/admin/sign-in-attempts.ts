import type { FastifyReply, FastifyRequest } from 'fastify';
import { createAttemptBudget } from '../security/attempt-budget.ts';
import { clientKey } from '../security/client-address.ts';
import { ApiProblem } from './api-problem.ts';
import { CeremonyFailed } from './ceremonies.ts';

/** An attempt the server refused (a bad passkey, invitation or request), not one it failed to handle. */
const isRefusal = (error: unknown) =>
  error instanceof CeremonyFailed || (error instanceof ApiProblem && error.statusCode < 500);

export interface SignInAttemptsOptions {
  /** Failed attempts per client address (IPv6 by /64) and window. */
  max: number;
  windowMs: number;
  now: () => Date;
}

/**
 * Runs sign-ins and invitation acceptances within a budget of failed attempts
 * per client address. Each attempt takes its unit before it runs (so a burst
 * of parallel attempts gets at most `max` through), and gives it back unless
 * the server refused it: colleagues behind one office address never use up
 * each other's budget by signing in.
 */
export function signInAttempts(options: SignInAttemptsOptions) {
  const budget = createAttemptBudget(options);
  return async function attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<T>,
  ): Promise<T> {
    const key = clientKey(request.ip);
    const taken = budget.take(key);
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
      budget.giveBack(key);
      return result;
    } catch (error) {
      if (!isRefusal(error)) budget.giveBack(key);
      throw error;
    }
  };
}
