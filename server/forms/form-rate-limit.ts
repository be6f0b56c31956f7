import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAttemptBudget, type AttemptBudget, type Take } from '../security/attempt-budget.ts';
import { clientKey } from '../security/client-address.ts';
import { createRedisAttemptBudget } from '../security/redis-attempt-budget.ts';
import type { SharedRateLimit } from '../security/request-limit.ts';
import { FORM_BODY_LIMIT } from './form-body.ts';
import { FormProblem, type ProblemReason } from './form-problem.ts';
import { DRAIN_MAX_MS, drainRefusedBody } from './upload-drain.ts';

/**
 * The refused posts' budget, as a multiple of the taken ones' (RATE_LIMIT_MAX): a visitor who corrects
 * a refused file or field a few times is never told to wait, and junk is still bounded.
 */
const REFUSALS_PER_SUCCESS = 4;

/** How a post ended for its client's budgets: taken, refused for what it sent, or neither (the server's fault). */
type Outcome = 'taken' | 'refused' | 'neither';

/** The refusals the visitor's post is to blame for (counted); the others (403, 500, 503, 429) are not. */
const COUNTED: readonly ProblemReason[] = ['invalid', 'malformed', 'too-large', 'unsupported-type', 'files'];

interface Hold {
  key: string;
  /** Over a budget, with a body small enough to read for the page it gets back (the 429 to answer). */
  limited?: FormProblem;
  /** The units this post holds, one of each budget, until its outcome gives one (or both) back. */
  held: { taken: boolean; refused: boolean };
  outcome?: Outcome;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The units of its client's budgets this post holds (registerFormRateLimit). */
    formLimitHold?: Hold;
  }
}

export interface FormRateLimitOptions {
  limit: SharedRateLimit;
  /** What the logs call one post. */
  what: string;
  /** The largest body a post may have: a refused one is read and thrown away up to twice this. */
  maxBodyBytes: number;
  now?: () => Date;
}

function budgets({ limit, now = () => new Date() }: FormRateLimitOptions) {
  const refusals = { max: limit.max * REFUSALS_PER_SUCCESS, windowMs: limit.windowMs };
  if (limit.redis)
    return {
      taken: createRedisAttemptBudget({ ...limit, redis: limit.redis, name: limit.name }),
      refused: createRedisAttemptBudget({ ...refusals, redis: limit.redis, name: `${limit.name}-refused` }),
    };
  return {
    taken: createAttemptBudget({ ...limit, now }),
    refused: createAttemptBudget({ ...refusals, now }),
  };
}

/** A body whose length is known and within what a form of text only takes (FORM_BODY_LIMIT): no files. */
function smallBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? Number.NaN);
  return Number.isInteger(length) && length <= FORM_BODY_LIMIT;
}

/** The longest wait of the budgets that refused, or undefined when both allowed. */
function refusedFor(takes: readonly Take[]): number | undefined {
  const waits = takes.flatMap((take) => (take.allowed ? [] : [take.retryAfterSeconds]));
  return waits.length === 0 ? undefined : Math.max(...waits);
}

/**
 * Two per-client budgets for every route of the scope: posts taken (RATE_LIMIT_MAX a window) and posts
 * refused for what they sent (REFUSALS_PER_SUCCESS times that), each in this process's memory or, with
 * REDIS_URL, in Redis (shared by every instance). A post takes a unit of each before its body is read
 * (preParsing): a client over either budget gets its 429 at once, and its body is read and thrown away
 * (bounded: drainRefusedBody) so the answer reaches the browser, never stored; only a body of text
 * (within FORM_BODY_LIMIT: no files) is read first, so a native post's page has the visitor's text.
 * When the post is over, the unit its outcome does not use is given back: a quote taken keeps its "taken" unit, a refused one its
 * "refused" unit, a failure on the server's side neither. When Redis cannot count, the post is taken
 * anyway with a warning (a lead is never refused because Redis is down). Returns the error handler's
 * part: the outcome of a refused post, and the count of one refused before preParsing (another type).
 */
export function registerFormRateLimit(app: FastifyInstance, options: FormRateLimitOptions) {
  const budget = budgets(options);
  const giveBack = (request: FastifyRequest, which: AttemptBudget, key: string) =>
    which.giveBack(key).catch((error: unknown) => {
      request.log.warn({ err: error }, `${options.what}: a rate-limit unit could not be given back`);
    });
  const settle = async (request: FastifyRequest, outcome: Outcome) => {
    const hold = request.formLimitHold;
    if (!hold || hold.outcome) return;
    hold.outcome = outcome;
    const { held, key } = hold;
    if (held.taken && outcome !== 'taken') await giveBack(request, budget.taken, key);
    if (held.refused && outcome !== 'refused') await giveBack(request, budget.refused, key);
  };

  app.addHook('preParsing', async (request, reply, payload) => {
    const key = clientKey(request.ip);
    const [taken, refused] = await Promise.allSettled([budget.taken.take(key), budget.refused.take(key)]);
    const held = {
      taken: taken.status === 'fulfilled' && taken.value.allowed,
      refused: refused.status === 'fulfilled' && refused.value.allowed,
    };
    request.formLimitHold = { key, held };
    if (taken.status === 'rejected' || refused.status === 'rejected') {
      const error: unknown =
        taken.status === 'rejected' ? taken.reason : (refused as PromiseRejectedResult).reason;
      request.log.warn({ err: error }, `${options.what} taken without its rate limit: Redis unavailable`);
      await settle(request, 'neither');
      return payload;
    }
    const wait = refusedFor([taken.value, refused.value]);
    if (wait !== undefined) {
      await settle(request, 'neither');
      const limited = new FormProblem('rate-limited', { retryAfterSeconds: wait });
      // A body of text only is read (it is small) so a native post's page gives the visitor their text back.
      if (smallBody(request)) {
        request.formLimitHold.limited = limited;
        return payload;
      }
      drainRefusedBody(request.raw, { maxBytes: 2 * options.maxBodyBytes, maxMs: DRAIN_MAX_MS });
      throw limited;
    }
    // Whatever happens next (answered, refused, the client gone), the post's outcome settles its units.
    reply.raw.once('close', () => {
      const ok = reply.sent && reply.statusCode < 400;
      void settle(request, request.formLimitHold?.outcome ?? (ok ? 'taken' : 'refused'));
    });
    return payload;
  });

  app.addHook('preHandler', async (request) => {
    const limited = request.formLimitHold?.limited;
    if (limited) throw limited;
  });
  // A post taken gives back its "refused" unit before its answer goes, so the next post finds it there.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode < 400) await settle(request, 'taken');
  });

  /**
   * The error handler's part: a refused post settles as refused (or neither, the server's fault); one
   * refused before its units were taken (another site's, another type of body) counts as refused only
   * when the visitor is to blame, and a refused post over the budget is answered 429.
   */
  return async (request: FastifyRequest, problem: FormProblem): Promise<FormProblem> => {
    const counted = COUNTED.includes(problem.reason);
    if (request.formLimitHold?.limited) return request.formLimitHold.limited;
    if (request.formLimitHold) {
      await settle(request, counted ? 'refused' : 'neither');
      return problem;
    }
    if (!counted) return problem;
    const take = await budget.refused.take(clientKey(request.ip)).catch(() => undefined);
    return take && !take.allowed
      ? new FormProblem('rate-limited', { retryAfterSeconds: take.retryAfterSeconds })
      : problem;
  };
}
