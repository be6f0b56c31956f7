import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { staticSite } from './site/static-site.ts';

/** A hop count trusts that many proxies in front of the server. */
function toFastifyTrustProxy(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface AppOptions {
  config: Config;
  /** Set to false in tests to keep the output quiet. */
  logger?: boolean;
}

/**
 * Builds the Fastify application: the site and the API. Tests import this;
 * `main.ts` adds the listener and the signal handling.
 */
export async function buildApp({ config, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Cut off clients that send their request too slowly.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });

  await app.register(staticSite, { siteDir: config.siteDir });
  return app;
}
