import { STATUS_CODES } from 'node:http';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { adminPaths } from '../common/admin-api.ts';
import { company } from '../common/company.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { createCeremonies, type RelyingParty } from './admin/ceremonies.ts';
import { redactInboxQuery } from './admin/log-urls.ts';
import type { Config } from './config.ts';
import type { Storage } from './db/database.ts';
import { findSiteStylesheet } from './forms/site-stylesheet.ts';
import { createMailer } from './mail/mailer.ts';
import type { Mailer } from './mail/outgoing-mail.ts';
import { newsletterRoutes } from './newsletter/newsletter-routes.ts';
import { redactTokens } from './newsletter/tokens.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox/outbox-worker.ts';
import { quoteRoutes } from './quote/quote-routes.ts';
import { answerClientError } from './security/client-errors.ts';
import { contentSecurityPolicy } from './security/content-security-policy.ts';
import { securityHeaders, withSecurityHeaders } from './security/security-headers.ts';
import { staticSite } from './site/static-site.ts';
import { openStores } from './stores.ts';
import underPressure from '@fastify/under-pressure';
import { startMaintenance as startMaintenance_, type Maintenance } from './maintenance.ts';
import { listBackups } from './ops/backups.ts';
import { logDestination } from './ops/log-destination.ts';
import { healthRoutes, type Readiness } from './ops/health-routes.ts';
import { holdDatabase } from './ops/server-lock.ts';

/** A hop count trusts that many proxies in front of the server. */
function toFastifyTrustProxy(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface AppOptions {
  config: Config;
  /** Set to false in tests to keep the output quiet. */
  logger?: boolean;
  /** Where log lines go (default stdout, access lines batched: ops/log-destination.ts); tests read them from here. */
  logStream?: { write: (line: string) => void };
  /** Start the outbox worker (default true). Tests that drive it by hand pass false. */
  startOutbox?: boolean;
  /** Take backups and delete old spam on a schedule (default true). Tests pass false. */
  startMaintenance?: boolean;
  /** Replaces the mailer chosen from the config (SMTP_URL or .eml files). */
  mailer?: Mailer;
  /** The clock of the repositories and the outbox (tests move it to expire links). */
  now?: () => Date;
  /** Told of every route as it is registered (tests check that each admin route is guarded). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    outboxWorker: OutboxWorker;
    maintenance: Maintenance | undefined;
  }
}

/**
 * Request logs without the client's address (no raw IP is kept anywhere, logs
 * included), without the tokens of newsletter links (they exist only in the
 * emails), judged by the route that answered as well as by the URL, and
 * without the inbox's searches (a lead's details).
 */
const requestSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    // A URL with no query, `;`, `#` or escape has nothing to hide (most requests: pages and assets).
    url: /[?;#%]/.test(request.url)
      ? redactInboxQuery(redactTokens(request.url, request.routeOptions?.url))
      : request.url,
  }),
};

/**
 * Node enforces the header and request timeouts by sweeping the connections
 * at this interval (30 s by default, which would let a slow client hold on for
 * up to twice the timeout): a quarter of the shorter timeout, 0.1 to 5 s.
 */
function timeoutCheckInterval({ headersTimeoutMs, requestTimeoutMs }: Config['http']) {
  return Math.min(5_000, Math.max(100, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 4)));
}

/**
 * One access line per request, when it completes, with the method, URL,
 * status and time, instead of Fastify's two (one when it comes in): under load
 * writing the log is a large share of the work of serving a page.
 */
class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Passkeys are bound to SITE_URL: its host name is the RP ID, its origin the only one allowed. */
function relyingParty(siteUrl: string): RelyingParty {
  return { name: `${company.name} inbox`, id: new URL(siteUrl).hostname, origin: siteUrl };
}

/** The private pages (the inbox): rendered in the browser from the app shell, never indexed. */
const PRIVATE_PATHS = [adminPaths.inbox];

/** What an overloaded server asks clients to wait, in seconds. */
const PRESSURE_RETRY_AFTER_SECONDS = 10;

/** How long a closing server goes on answering (503) what arrives on connections already open. */
const SHUTDOWN_DRAIN_MS = 250;

/** Long enough for the slowest SMTP exchange; after it, a claimed email is due again. */
function leaseMs(timeouts: Config['mail']['timeouts']) {
  return 2 * (timeouts.connectionMs + timeouts.greetingMs + timeouts.socketMs) + 60_000;
}

/**
 * Builds the Fastify application: the site, the quote and newsletter
 * endpoints, the database and the outbox worker. Tests import this; `main.ts` adds the listener and
 * the signal handling. Closing the app stops the worker and the database.
 */
export async function buildApp({
  config,
  logger = true,
  logStream,
  startOutbox = true,
  startMaintenance = true,
  mailer: givenMailer,
  now,
  onRoute,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: requestSerializers,
          stream: logStream ?? logDestination(),
        }
      : false,
    logController: new AccessLog(),
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Cut off clients that send their request too slowly (408), or nothing at all.
    connectionTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: timeoutCheckInterval(config.http),
    },
    keepAliveTimeout: 5_000,
    bodyLimit: 64 * 1024,
    // A request Node cannot parse, or a client too slow to send it (400, 408, 431): plain text with the
    // security headers, like every other answer.
    clientErrorHandler: answerClientError,
    // Answered by the hook below instead, so the 503 of a closing server carries the security headers.
    return503OnClosing: false,
    // A URL Fastify cannot even route (a malformed percent-escape): a plain 400 with the security
    // headers, never the URL echoed back.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused before routing');
      return withSecurityHeaders(reply, request.url, PRIVATE_PATHS)
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('Bad request: this address cannot be read.\n');
    },
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  const clock = now ? { now } : {};
  const stores = await openStores(config, clock);
  const { storage, leads, subscribers, outbox } = stores;
  const mailer = givenMailer ?? createMailer(config.mail);
  const worker = createOutboxWorker({
    outbox,
    mailer,
    log: app.log.child({ component: 'outbox' }),
    pollMs: config.outbox.pollMs,
    retryBaseMs: config.outbox.retryBaseMs,
    retryMaxMs: config.outbox.retryMaxMs,
    maxAttempts: config.outbox.maxAttempts,
    leaseMs: leaseMs(config.mail.timeouts),
    ...clock,
  });
  // The newest backup in BACKUP_DIR, whoever took it: this server or `npm run backup`.
  const lastBackupAt = () => listBackups(config.backup.dir)[0]?.at;
  app.decorate('storage', storage);
  app.decorate('outboxWorker', worker);
  app.decorate('maintenance', undefined);
  // `npm run restore` refuses to replace the database while this server holds it.
  const releaseDatabase = holdDatabase(config.database.path);

  // Shutting down: for a moment keep reading the connections already open, so a request that
  // reached us just before the signal is answered 503 (Fastify is closing) instead of the
  // connection being reset unread; then the listener closes and new connections are refused.
  let closing = false;
  // A hook without a promise: it runs for every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    withSecurityHeaders(reply, request.url, PRIVATE_PATHS)
      .code(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .type('text/plain; charset=utf-8')
      .send('The server is restarting. Please try again in a moment.\n');
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (app.server.listening) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
  });

  // Whatever no scope of its own answers (a path the static files refuse, say): a plain message by
  // its status, never a stack trace, an error code or the URL.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error.code === 'FST_UNDER_PRESSURE') {
      request.log.warn('refused under pressure');
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The server is too busy just now. Please try again in a few seconds.\n');
    }
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(`${STATUS_CODES[status] ?? 'Error'}.\n`);
  });
  app.addHook('onClose', async () => {
    app.maintenance?.stop();
    await worker.stop();
    mailer.close();
    await storage.close();
    releaseDatabase();
  });

  try {
    await app.register(securityHeaders, { privatePaths: PRIVATE_PATHS });
    // Overloaded (the event loop lagging, the heap nearly full): 503 with Retry-After at once,
    // instead of answers that time out. /healthz is still answered (the process is alive).
    await app.register(underPressure, {
      maxEventLoopDelay: config.pressure.maxEventLoopDelayMs,
      maxHeapUsedBytes: config.pressure.maxHeapUsedBytes,
      retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
    });
    await app.register(healthRoutes, {
      readiness: async (): Promise<Readiness> => {
        const database = (await storage.canWrite()) ? 'ok' : 'unavailable';
        const outboxHealth = await outbox.health(clock.now?.() ?? new Date()).catch(() => null);
        return {
          database,
          outbox: outboxHealth,
          mail: mailer.kind === 'smtp' ? 'smtp' : 'files',
          lastBackupAt: lastBackupAt()?.toISOString() ?? null,
        };
      },
    });
    await app.register(staticSite, {
      siteDir: config.siteDir,
      appShellPaths: PRIVATE_PATHS,
      pagePolicy: ({ scriptHashes, styleHashes }) =>
        contentSecurityPolicy({ scriptHashes, styleHashes, formOrigins: config.formOrigins }),
    });
    const stylesheet = findSiteStylesheet(config.siteDir);
    await app.register(quoteRoutes, {
      leads,
      siteUrl: config.siteUrl,
      rateLimit: config.rateLimit,
      stylesheet,
      onStored: () => worker.kick(),
    });
    await app.register(newsletterRoutes, {
      subscribers,
      siteUrl: config.siteUrl,
      rateLimit: config.newsletter.rateLimit,
      stylesheet,
      onQueued: () => worker.kick(),
    });
    await app.register(adminRoutes, {
      ...stores,
      ceremonies: createCeremonies(relyingParty(config.siteUrl), clock.now),
      timeZone: config.admin.timeZone,
      signInLimit: config.admin.signInLimit,
      siteUrl: config.siteUrl,
      mailDir: config.mail.dir,
      onQueued: () => worker.kick(),
      now: clock.now ?? (() => new Date()),
    });
  } catch (error) {
    mailer.close();
    await storage.close();
    throw error;
  }

  app.addHook('onReady', async () => {
    for (const warning of config.warnings) app.log.warn(warning);
    if (mailer.kind === 'file' && !config.production) {
      app.log.warn(
        { mailDir: config.mail.dir },
        'SMTP_URL is not set: emails are written as .eml files instead of being sent',
      );
    }
    if (startOutbox) worker.start();
    if (startMaintenance) {
      app.maintenance = startMaintenance_({
        config,
        leads,
        log: app.log.child({ component: 'maintenance' }),
        now: clock.now ?? (() => new Date()),
      });
    }
  });
  return app;
}
