import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isUnder } from './noindex.ts';

/** A page may be opened from another site by a link; a resource (an API answer, an export) never. */
export type FetchTarget = 'page' | 'resource';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The Fetch Metadata resource-isolation policy: whether to refuse a request
 * another site made the browser send. A request without Sec-Fetch-Site (an old
 * browser, curl) is allowed, and so is one from the site itself or typed in by
 * the person (same-origin, none). From another site (cross-site, or same-site:
 * a sibling subdomain) only a top-level navigation to a page is allowed: a GET
 * (or HEAD) with Sec-Fetch-Mode navigate and Sec-Fetch-Dest document.
 */
export function isRefusedByFetchMetadata(
  method: string,
  headers: IncomingHttpHeaders,
  target: FetchTarget,
): boolean {
  const site = header(headers, 'sec-fetch-site');
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  if (target === 'resource') return true;
  const navigation =
    (method === 'GET' || method === 'HEAD') &&
    header(headers, 'sec-fetch-mode') === 'navigate' &&
    header(headers, 'sec-fetch-dest') === 'document';
  return !navigation;
}

export interface PageIsolationOptions {
  /** The private pages: every route at or under these paths gets the policy, e.g. ["/admin"]. */
  paths: readonly string[];
  /** Routes under these are left alone: they apply the policy themselves, as resources (an API). */
  except?: readonly string[];
}

const refusePage: onRequestHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!isRefusedByFetchMetadata(request.method, request.headers, 'page')) return;
  request.log.info('private page refused: requested by another site');
  return reply
    .code(403)
    .type('text/plain; charset=utf-8')
    .send('Another site asked for this page, so it was refused. Open the inbox from its own address.\n');
};

/**
 * The Fetch Metadata policy for private pages (see isRefusedByFetchMetadata):
 * a route-level hook on each route at or under `paths`, so that public pages
 * pay nothing per request. Register it before the routes it guards.
 */
async function pageIsolationPlugin(app: FastifyInstance, { paths, except = [] }: PageIsolationOptions) {
  app.addHook('onRoute', (route) => {
    if (!isUnder(route.url, paths) || isUnder(route.url, except)) return;
    const own = route.onRequest;
    route.onRequest = [refusePage, ...(own === undefined ? [] : [own].flat())];
  });
}

export const pageIsolation = fp(pageIsolationPlugin, { name: 'page-isolation' });
