import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { SharedRateLimit } from '../security/request-limit.ts';
import { FORM_BODY_LIMIT, isFormType, registerFormParsers } from './form-body.ts';
import { FormProblem, type ProblemTexts } from './form-problem.ts';
import { registerFormRateLimit } from './form-rate-limit.ts';
import { prefersHtml } from './reply-format.ts';
import { isCrossSite, type OriginCheck } from './request-origin.ts';
import { serverPagePolicy, type SiteStylesheet } from './site-stylesheet.ts';

export type { RateLimit } from '../security/request-limit.ts';

export interface FormEndpointOptions {
  /** What the logs call one post, e.g. "quote request". */
  what: string;
  texts: ProblemTexts;
  /**
   * The longest value any field may have before its form's own checks run
   * (longer is refused with 413 unchecked): a sane multiple of the longest
   * field the form has.
   */
  maxFieldLength: number;
  /**
   * A per-client limit, shared by every route of the scope (the quote form's two addresses count
   * together), checked before a body is read: posts taken, and posts refused for what they sent (a
   * larger budget of their own: registerFormRateLimit); none without it.
   */
  rateLimit?: SharedRateLimit;
  /** The largest body a post may have (default FORM_BODY_LIMIT): what a refused one is read for at most. */
  maxBodyBytes?: number;
  /** The page a native (no-JavaScript) post gets when it is refused (renderServerPage). */
  errorPage: (request: FastifyRequest, problem: FormProblem, summary: string) => string;
  /** The stylesheet that page uses, which its Content-Security-Policy must allow. */
  stylesheet: SiteStylesheet | undefined;
  /** Lines of the plain-text reply after the summary (default: none). */
  textDetails?: (problem: FormProblem) => string[];
}

/** API replies are never cached, by the browser or anything in between. */
export function noStore(response: FastifyReply): FastifyReply {
  return response.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
}

/** A page the server wrote (renderServerPage), with its own policy: the site's stylesheet and nothing else. */
export function sendServerPage(
  response: FastifyReply,
  html: string,
  stylesheet: SiteStylesheet | undefined,
): FastifyReply {
  return response
    .type('text/html; charset=utf-8')
    .header('content-security-policy', serverPagePolicy(stylesheet))
    .send(html);
}

/** The Host the request was sent to and SITE_URL: what counts as our own origin. */
export function originCheck(request: FastifyRequest, siteUrl: string): OriginCheck {
  return { ownHost: request.host, siteUrl };
}

/**
 * The Retry-After of a post refused because the database cannot take it: a
 * restarting or failing-over PostgreSQL, a locked or full SQLite disk.
 */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** The Retry-After of a post refused because the server is overloaded (@fastify/under-pressure's 503). */
const PRESSURE_RETRY_AFTER_SECONDS = 10;

function toProblem(error: unknown, request: FastifyRequest, what: string): FormProblem {
  if (error instanceof FormProblem) return error;
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) return new FormProblem('too-large');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || statusCode === 415) {
    return new FormProblem('unsupported-type');
  }
  if (code === 'FST_UNDER_PRESSURE') {
    request.log.warn(`${what} refused under pressure`);
    return new FormProblem('unavailable', { cause: error, retryAfterSeconds: PRESSURE_RETRY_AFTER_SECONDS });
  }
  if (isStorageUnavailable(error)) {
    request.log.warn({ err: error }, `${what} refused: database unavailable`);
    return new FormProblem('unavailable', { cause: error, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS });
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new FormProblem('malformed', { cause: error });
  }
  request.log.error({ err: error }, `${what} failed`);
  return new FormProblem('internal', { cause: error });
}

/**
 * Sets up a form endpoint's plugin scope: the two form body parsers (with the
 * size cap), when `options.rateLimit` is given a per-client rate limit that
 * every route of the scope shares (registerFormRateLimit), and an error handler
 * that answers every refusal in plain text, or for a native post with a page.
 */
export async function formEndpoint(app: FastifyInstance, options: FormEndpointOptions) {
  registerFormParsers(app, options.maxFieldLength);
  const limitRefusal = options.rateLimit
    ? registerFormRateLimit(app, {
        limit: options.rateLimit,
        what: options.what,
        maxBodyBytes: options.maxBodyBytes ?? FORM_BODY_LIMIT,
      })
    : undefined;

  app.setErrorHandler(async (error, request, response) => {
    let problem = toProblem(error, request, options.what);
    // A refused post counts against its own budget; if it was one too many, that is the answer.
    if (limitRefusal) problem = await limitRefusal(request, problem);
    noStore(response.code(problem.statusCode));
    if (problem.retryAfterSeconds !== undefined) {
      response.header('retry-after', String(problem.retryAfterSeconds));
    }
    const summary = problem.summary(options.texts);
    if (prefersHtml(request.headers)) {
      return sendServerPage(response, options.errorPage(request, problem, summary), options.stylesheet);
    }
    const lines = [summary, ...(options.textDetails?.(problem) ?? [])];
    return response.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
}

/** An onRequest hook that refuses another site's post (CSRF: a form post gets no CORS preflight). */
export function refuseCrossSitePosts(siteUrl: string) {
  return async (request: FastifyRequest) => {
    if (isCrossSite(request.headers, originCheck(request, siteUrl))) throw new FormProblem('cross-site');
  };
}

/**
 * An onRequest hook for a form post, before its body is read: another site's
 * post and other kinds of body are refused at once.
 */
export function refuseForeignPosts(siteUrl: string) {
  const refuseCrossSite = refuseCrossSitePosts(siteUrl);
  return async (request: FastifyRequest) => {
    await refuseCrossSite(request);
    if (!isFormType(request.headers['content-type'])) throw new FormProblem('unsupported-type');
  };
}
