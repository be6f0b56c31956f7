import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * The security headers of every response: helmet's set (HSTS for two years,
 * nosniff, strict-origin-when-cross-origin, COOP and CORP same-origin, X-Frame-Options),
 * a minimal Permissions-Policy, and a Content-Security-Policy that allows
 * nothing (right for assets and API replies). Pages replace it with the
 * site's policy, which allows their own inline scripts and style by hash.
 */
async function securityHeadersPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    xFrameOptions: { action: 'deny' },
    // Headers for browsers and plugins long gone (IE's download and XSS filters, Flash and PDF
    // cross-domain policies) or that say what browsers already do: not worth their bytes on
    // every response.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', NON_PAGE_POLICY);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
