import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUOTE_SUCCESS_REPLY } from '../../common/messages.ts';
import { validateQuoteRequest } from '../../common/quote-request.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { LeadRepository } from '../leads/lead-repository.ts';
import {
  FORM_TYPES,
  formValues,
  honeypotFilled,
  mediaType,
  QUOTE_BODY_LIMIT,
  registerFormParsers,
} from './quote-body.ts';
import { ERROR_PAGE_CSP, renderErrorPage } from './quote-error-page.ts';
import { QuoteProblem } from './quote-problem.ts';
import { prefersHtml } from './reply-format.ts';
import { isCrossSite, sourcePage } from './request-origin.ts';

/** The endpoint the site posts to, and the specification's original address (section 7). */
export const QUOTE_PATHS = ['/api/quote', '/sendMail.php'] as const;
/** Where a native (no-JavaScript) post lands after success: a prerendered page. */
export const THANK_YOU_PATH = '/thank-you';

export interface QuoteRoutesOptions {
  leads: LeadRepository;
  siteUrl: string;
  rateLimit: { max: number; windowMs: number };
  /** The built site's stylesheet, linked from the error page. */
  stylesheet: string | undefined;
  /** Called after a lead is committed (wakes the outbox worker). */
  onStored: () => void;
}

function toProblem(error: unknown, request: FastifyRequest): QuoteProblem {
  if (error instanceof QuoteProblem) return error;
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) return new QuoteProblem('too-large');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415) {
    return new QuoteProblem('unsupported-type');
  }
  if (isStorageUnavailable(error)) {
    request.log.warn({ err: error }, 'quote request refused: database unavailable');
    return new QuoteProblem('unavailable', { cause: error });
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new QuoteProblem('malformed', { cause: error });
  }
  request.log.error({ err: error }, 'quote request failed');
  return new QuoteProblem('internal', { cause: error });
}

/**
 * POST /api/quote and POST /sendMail.php: checks the request, stores it with
 * its outbox rows in one transaction, and only then answers "success" (or,
 * for a native form post, 303 to the thank-you page). Every refusal is a
 * plain-text message, or for a native post a page with the form filled in.
 */
export async function quoteRoutes(app: FastifyInstance, options: QuoteRoutesOptions) {
  registerFormParsers(app);

  await app.register(rateLimit, {
    global: false,
    // After the body is read, so a refused visitor still gets their text back.
    hook: 'preHandler',
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowMs,
    // request.ip honours TRUST_PROXY: X-Forwarded-For counts only behind a trusted proxy.
    keyGenerator: (request) => request.ip,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new QuoteProblem('rate-limited', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });

  const originCheck = (request: FastifyRequest) => ({ ownHost: request.host, siteUrl: options.siteUrl });

  function reply(request: FastifyRequest, response: FastifyReply, problem: QuoteProblem) {
    response
      .code(problem.statusCode)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    if (problem.retryAfterSeconds !== undefined) {
      response.header('retry-after', String(problem.retryAfterSeconds));
    }
    if (prefersHtml(request.headers)) {
      const page = renderErrorPage({
        problem,
        values: formValues(request.body),
        action: request.routeOptions.url ?? QUOTE_PATHS[0],
        stylesheet: options.stylesheet,
      });
      return response
        .type('text/html; charset=utf-8')
        .header('content-security-policy', ERROR_PAGE_CSP)
        .send(page);
    }
    const lines = [problem.summary];
    for (const [field, message] of Object.entries(problem.fieldErrors)) lines.push(`${field}: ${message}`);
    return response.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  }

  app.setErrorHandler((error, request, response) => reply(request, response, toProblem(error, request)));

  for (const url of QUOTE_PATHS) {
    app.route({
      method: 'POST',
      url,
      bodyLimit: QUOTE_BODY_LIMIT,
      config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } },
      // Before the body is read: refuse other sites' posts and other kinds of body.
      onRequest: async (request) => {
        if (isCrossSite(request.headers, originCheck(request))) throw new QuoteProblem('cross-site');
        const type = mediaType(request.headers['content-type']);
        if (!(FORM_TYPES as readonly string[]).includes(type)) throw new QuoteProblem('unsupported-type');
      },
      handler: async (request, response) => {
        const validation = validateQuoteRequest(formValues(request.body));
        if (!validation.ok) throw new QuoteProblem('invalid', { fieldErrors: validation.errors });

        const spam = honeypotFilled(request.body);
        const stored = await options.leads.store({
          request: validation.value,
          sourcePage: sourcePage(request.headers, originCheck(request)),
          spam,
        });
        request.log.info({ leadId: stored.id, status: stored.status }, 'quote request stored');
        if (!spam) options.onStored();

        response.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
        if (prefersHtml(request.headers)) return response.redirect(THANK_YOU_PATH, 303);
        return response.type('text/plain; charset=utf-8').send(QUOTE_SUCCESS_REPLY);
      },
    });
  }
}
