import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { INBOX_API, inboxPaths } from '../common/inbox-paths.ts';
import { company } from '../common/company.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { createHttpSender } from './integrations/http-sender.ts';
import { createIntegrationServices } from './integrations/integration-services.ts';
import { leadDeliveries } from './integrations/lead-deliveries.ts';
import { createCeremonies, type RelyingParty } from './accounts/ceremonies.ts';
import { openResources } from './app-resources.ts';
import { inboxRoutes, type InboxRoutesOptions, publicRoutes, type PublicRoutesOptions } from './features.ts';
import { registerAll } from './plugins/feature-definition.ts';
import type { Config } from './config/config.ts';
import { findSiteStylesheet } from './forms/site-stylesheet.ts';
import type { Mailer } from './mail/outgoing-mail.ts';
import { healthRoutes } from './ops/health-routes.ts';
import { errorHandling } from './plugins/error-handling.ts';
import { lifecycle } from './plugins/lifecycle.ts';
import { logPath } from './plugins/log-path.ts';
import { serverOptions } from './plugins/server-options.ts';
import type { VirusScanner } from './security/virus-scanner.ts';
import { contentSecurityPolicy } from './security/content-security-policy.ts';
import { pageIsolation } from './security/fetch-metadata.ts';
import { securityHeaders } from './security/security-headers.ts';
import { loadPageStore } from './site/page-store.ts';
import { createServedPages, type PagePolicy } from './site/served-pages.ts';
import type { SitePages } from './site/site-pages.ts';
import { staticSite } from './site/static-site.ts';
import { withBeacon } from './visits/visit-beacon.ts';
import { createVisitCounter, type VisitCounter } from './visits/visit-counter.ts';
import { countPageViews } from './visits/visit-routes.ts';
import { mailDomain } from './mail/mail-address.ts';
import { helperStatus } from './helper-services.ts';
import { wantsReadableLog } from './ops/readable-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The visits counted in memory (VISIT_COUNTING), written by its flush; undefined when counting is off. */
    visitCounter: VisitCounter | undefined;
  }
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
  /** Scans the quote form's attachments (default: clamd at CLAMD_URL, none without it: intakeScanner). */
  scanner?: VirusScanner;
  /** Where the quote form's uploads wait while they are checked (default os.tmpdir()). */
  uploadRoot?: string;
}

/**
 * Request logs without the client's address (no raw IP is kept anywhere, logs
 * included), and with the path only: no query (a newsletter link's token, an
 * inbox search, an address typed into a page's URL), whatever the route.
 */
const requestSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: logPath(request.url),
  }),
};

/** The private pages (the inbox): rendered in the browser from the app shell, never indexed. */
const PRIVATE_PATHS = [inboxPaths.leads];

/** What an overloaded server asks clients to wait, in seconds. */
const PRESSURE_RETRY_AFTER_SECONDS = 10;

/** Passkeys are bound to SITE_URL: its host name is the RP ID, its origin the only one allowed. */
function relyingParty(siteUrl: string): RelyingParty {
  return { name: `${company.name} inbox`, id: new URL(siteUrl).hostname, origin: siteUrl };
}

interface FeaturesOptions {
  config: Config;
  stores: Awaited<ReturnType<typeof openResources>>['stores'];
  /** REDIS_URL's client, where the rate limits are counted; without it, in memory. */
  redis: Awaited<ReturnType<typeof openResources>>['redis'];
  /** Wakes the outbox worker: an email was just queued. */
  kick: () => void;
  now: () => Date;
  /** The public pages' paths (the beacon counts no other), and the pages a release replaces. */
  site: { pagePaths: ReadonlySet<string>; sitePages: SitePages };
  scanner: VirusScanner | undefined;
  uploadRoot: string | undefined;
}

/**
 * The features (server/features.ts): each one's public routes (the quote form, the newsletter and its
 * archive, the visits' flushes and beacon, whose counting hooks into the static site, registered
 * before), then the inbox (/admin/api) with each one's endpoints; all with one bag of what the app
 * holds, checked against what every plugin reads of it.
 */
async function featuresPlugin(
  app: FastifyInstance,
  { config, stores, redis, kick, now, site, scanner, uploadRoot }: FeaturesOptions,
) {
  const { siteUrl } = config;
  const publicOptions: PublicRoutesOptions = {
    ...stores,
    ...site,
    config,
    redis,
    kick,
    scanner,
    uploadRoot,
    stylesheet: findSiteStylesheet(config.siteDir),
    visitCounter: app.visitCounter,
    jobs: app.jobs,
  };
  await registerAll(app, publicRoutes, publicOptions);
  const inboxOptions: InboxRoutesOptions = {
    ...stores,
    ...site,
    ceremonies: createCeremonies(stores.storage, relyingParty(siteUrl), now),
    timeZone: config.admin.timeZone,
    signInLimit: config.admin.signInLimit,
    redis,
    siteUrl,
    mailDir: config.mail.dir,
    leadDeliveries: leadDeliveries(stores.integrations, now),
    integrationServices: createIntegrationServices({
      storage: stores.storage,
      siteUrl,
      sender: createHttpSender({
        allowPrivate: config.integrations.allowPrivate,
        production: config.production,
      }),
    }),
    visits: config.visits,
    mailboxConnected: config.imapUrl !== undefined,
    helperStatus: helperStatus(config, () => app.mailboxWatcher),
    mailDomain: mailDomain(config.mail.from),
    reminderTime: config.admin.team.reminderTime,
    firstResponseMs: config.admin.team.firstResponseMs,
    onQueued: kick,
    now,
  };
  await app.register(adminRoutes, { ...inboxOptions, routes: inboxRoutes, siteUrl });
}
const features = fp(featuresPlugin, { name: 'features' });

/**
 * The built pages, loaded once (a missing build fails the start here), SITE_URL put in the build's
 * origin (and the changed pages compressed again): served by the static site, and known to the
 * features (the beacon counts only these paths; a release replaces pages through sitePages). Loaded
 * before the pressure guard starts watching the event loop, so that this one-off work at start is
 * never taken for overload.
 */
function loadSite(config: Config) {
  const pageStore = loadPageStore(
    config.siteDir,
    config.visits.counting && config.visits.beacon ? withBeacon : undefined,
    config.siteUrl,
  );
  const pagePolicy: PagePolicy = ({ scriptHashes, styleHashes }) =>
    contentSecurityPolicy({ scriptHashes, styleHashes, formOrigins: config.formOrigins });
  return { pageStore, pagePolicy, sitePages: createServedPages(pageStore, pagePolicy) };
}

/**
 * Builds the Fastify application, a list of plugins in order: what it holds
 * (the database, the rate limits' Redis client, the mailer, the outbox worker and, once ready, the backups and
 * spam deletion of maintenance), the lifecycle (a closing server's 503), error
 * handling (the access log is Fastify's log controller), the security headers
 * (with COOP and noindex under /admin), the pressure limits, /healthz and /readyz, the static site, then
 * (with the visits' counting hook, or their beacon) and the features: the quote form, the newsletter,
 * the inbox and the visits' flushes. Tests import this;
 * `main.ts` adds the listener and the signal handling. Closing the app releases
 * all it holds, and a build that fails part-way closes it before throwing.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, onRoute, scanner, uploadRoot } = options;
  const app = Fastify(
    serverOptions({
      logger: options.logger ?? true,
      logLevel: config.logLevel,
      logStream: options.logStream,
      readableLog: wantsReadableLog(config.production),
      serializers: requestSerializers,
      trustProxy: config.trustProxy,
      http: config.http,
      privatePaths: PRIVATE_PATHS,
    }),
  );
  if (onRoute) app.addHook('onRoute', onRoute);
  try {
    const { pageStore, sitePages, pagePolicy } = loadSite(config);
    const { stores, redis, kick, now, readiness } = await openResources(app, {
      sitePages,
      config,
      mailer: options.mailer,
      now: options.now,
      startOutbox: options.startOutbox ?? true,
      startMaintenance: options.startMaintenance ?? true,
    });
    await app.register(lifecycle, { privatePaths: PRIVATE_PATHS });
    await app.register(errorHandling);
    // The security headers on every answer; under /admin also COOP and noindex (one hook).
    await app.register(securityHeaders, { privatePaths: PRIVATE_PATHS });
    // Overloaded (the event loop lagging, the heap nearly full): 503 with Retry-After at once,
    // instead of answers that time out. /healthz is still answered (the process is alive).
    await app.register(underPressure, {
      maxEventLoopDelay: config.pressure.maxEventLoopDelayMs,
      maxHeapUsedBytes: config.pressure.maxHeapUsedBytes,
      retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
    });
    await app.register(healthRoutes, { readiness, detailsToken: config.readyzToken });
    // Another site may link to an inbox page, but not embed, fetch or post to one (the API, its CSV
    // exports included, refuses such requests in its guard): a hook on the /admin routes alone.
    await app.register(pageIsolation, { paths: PRIVATE_PATHS, except: [INBOX_API] });
    // Visits: counted from the page requests, or (VISIT_BEACON, behind a CDN) from the pages' beacon.
    const { counting, beacon } = config.visits;
    const visitCounter = counting
      ? createVisitCounter({
          storage: stores.storage,
          redis,
          timeZone: config.admin.timeZone,
          siteUrl: config.siteUrl,
          now,
          log: app.log.child({ component: 'visits' }),
        })
      : undefined;
    app.decorate('visitCounter', visitCounter);
    await app.register(staticSite, {
      siteDir: config.siteDir,
      store: pageStore,
      served: sitePages,
      appShellPaths: PRIVATE_PATHS,
      pagePolicy,
      ...(visitCounter && !beacon ? { onPageView: countPageViews(visitCounter) } : {}),
    });
    const site = { pagePaths: new Set(pageStore.pages.keys()), sitePages };
    await app.register(features, { config, stores, redis, kick, now, site, scanner, uploadRoot });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
