import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { NON_PAGE_POLICY } from './content-security-policy.ts';

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
 * strict-origin-when-cross-origin, COOP and CORP same-origin,
 * X-Frame-Options, a minimal Permissions-Policy, and a
 * Content-Security-Policy that allows nothing (right for assets and API
 * replies; pages replace it with the site's policy, which allows their own
 * inline scripts and style by hash). Fixed values, defined once: the hook of
 * every request and the answers Fastify writes before any hook (a malformed
 * URL) both use them. Headers for browsers and plugins long gone
 * (X-XSS-Protection, X-Download-Options...) are left out.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'content-security-policy': NON_PAGE_POLICY,
};

export function withSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers(SECURITY_HEADERS);
}

async function securityHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    withSecurityHeaders(reply);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
