import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { NON_PAGE_POLICY } from './content-security-policy.ts';
import { isUnder, NOINDEX } from './noindex.ts';

/** Browser features the site never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * The security headers of every response: HSTS for two years, nosniff,
 * strict-origin-when-cross-origin, CORP same-origin, X-Frame-Options, a
 * minimal Permissions-Policy, and a Content-Security-Policy that allows
 * nothing (right for assets and API replies; pages replace it with the site's
 * policy, which allows their own inline scripts and style by hash). Fixed
 * values, defined once: the hook of every request and the answers Fastify
 * writes before any hook (a malformed URL) both use them. Headers for browsers
 * and plugins long gone (X-XSS-Protection, X-Download-Options...) are left out.
 *
 * No Cross-Origin-Opener-Policy here: the public pages are static and hold no
 * visitor's data, and what COOP would guard (a page opened by another site
 * reaching into ours) is covered by `rel="noopener"` on our links and
 * `frame-ancestors 'none'`. It is not free: a page with COOP reached from one
 * without it (a search result, `about:blank`) commits in a new browsing
 * context group, which Lighthouse counts as blocking time. The private pages
 * keep it (PRIVATE_HEADERS).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'content-security-policy': NON_PAGE_POLICY,
};

/**
 * Every answer under a private path (the inbox, its API, its errors): the
 * security headers, COOP same-origin (a signed-in page shares no browsing
 * context group with any other site's window) and noindex.
 */
export const PRIVATE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'cross-origin-opener-policy': 'same-origin',
  'x-robots-tag': NOINDEX,
};

/** The headers of an answer to the URL: PRIVATE_HEADERS under one of the private paths. */
export function withSecurityHeaders(
  reply: FastifyReply,
  url?: string,
  privatePaths: readonly string[] = [],
): FastifyReply {
  const isPrivate = url !== undefined && privatePaths.length > 0 && isUnder(url, privatePaths);
  return reply.headers(isPrivate ? PRIVATE_HEADERS : SECURITY_HEADERS);
}

export interface SecurityHeadersOptions {
  /** Paths whose every answer gets PRIVATE_HEADERS, e.g. ["/admin"] (the path and all below it). */
  privatePaths: readonly string[];
}

/**
 * Sets the headers when a request arrives, so every answer has them: pages,
 * API replies, errors, 404s of any method (OPTIONS and POST included) and the
 * answers of the hooks that stop a request later. One hook, without a
 * promise: it runs for every request.
 */
async function securityHeadersPlugin(app: FastifyInstance, { privatePaths }: SecurityHeadersOptions) {
  app.addHook('onRequest', (request, reply, done) => {
    withSecurityHeaders(reply, request.url, privatePaths);
    done();
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
