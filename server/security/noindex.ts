import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** What search engines are told about a private address: do not index it, do not follow its links. */
const NOINDEX = 'noindex, nofollow';

export interface NoindexOptions {
  /** Paths whose every answer stays out of search engines, e.g. ["/admin"] (the path and all below it). */
  paths: readonly string[];
}

/** Whether the URL's path is one of the paths or under one (as the router reads it: decoded, any case). */
export function isUnder(url: string, paths: readonly string[]): boolean {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // a malformed escape: judged as it came
  }
  const routed = path.replace(/\/{2,}/g, '/').toLowerCase();
  return paths.some((prefix) => {
    const base = prefix.toLowerCase();
    return routed === base || routed.startsWith(`${base}/`);
  });
}

/** Adds X-Robots-Tag to a reply to a private path; for answers sent before any hook runs (a malformed URL). */
export function withNoindex(reply: FastifyReply, url: string, paths: readonly string[]): FastifyReply {
  return isUnder(url, paths) ? reply.header('x-robots-tag', NOINDEX) : reply;
}

/**
 * Every answer under the given paths carries `X-Robots-Tag: noindex, nofollow`:
 * pages, API replies, errors, 404s of any method (OPTIONS and POST included)
 * and the answers of hooks that stop a request early.
 */
async function noindexPlugin(app: FastifyInstance, { paths }: NoindexOptions) {
  app.addHook('onSend', async (request, reply) => {
    withNoindex(reply, request.url, paths);
  });
}

export const noindex = fp(noindexPlugin, { name: 'noindex' });
