import type { FastifyInstance, FastifyRequest } from 'fastify';
import { beaconView, VISIT_BEACON_PATH } from './visit-beacon.ts';
import type { VisitCounter } from './visit-counter.ts';
import { isPersonView } from './visit-filter.ts';

export interface VisitRoutesOptions {
  counter: VisitCounter;
  /** VISIT_FLUSH_MS: how often the counts are written. */
  flushMs: number;
  /** VISIT_BEACON: POST /api/visit counts the pages' beacons. */
  beacon: boolean;
  /** The public pages' paths: a beacon for any other path is ignored. */
  pagePaths: ReadonlySet<string>;
}

/** A beacon is a few hundred bytes: a path, a referrer and a query. */
const BEACON_BODY_LIMIT = 2 * 1024;

/** The page request's view, if it is a person's (not a bot, not a prefetch or prerender). */
function pageRequestView(request: FastifyRequest, path: string) {
  const userAgent = request.headers['user-agent'];
  if (!userAgent || !isPersonView(request.headers)) return undefined;
  const at = request.url.indexOf('?');
  return {
    path,
    address: request.ip,
    userAgent,
    referrer: request.headers.referer,
    query: at === -1 ? '' : request.url.slice(at),
  };
}

/** The static site's onPageView: counts a person's view of a public page (never throws into the page's answer). */
export function countPageViews(counter: VisitCounter) {
  return (request: FastifyRequest, page: { path: string }) => {
    try {
      const view = pageRequestView(request, page.path);
      if (view) counter.count(view);
    } catch (error) {
      request.log.warn({ err: error }, 'a page view could not be counted');
    }
  };
}

/** POST /api/visit: counts a beacon by the same rules as a page request; always 204, nothing to read. */
async function beaconRoute(app: FastifyInstance, options: VisitRoutesOptions) {
  // sendBeacon with a string sends text/plain; any type is read as text (and then as JSON, or ignored).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post(VISIT_BEACON_PATH, { bodyLimit: BEACON_BODY_LIMIT }, async (request, reply) => {
    const beacon = beaconView(request.body);
    // The pages' beacon is same-origin; another site's posts are not counted.
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (beacon && !crossSite && options.pagePaths.has(beacon.path)) {
      const view = pageRequestView(request, beacon.path);
      if (view)
        options.counter.count({ ...view, referrer: beacon.referrer || undefined, query: beacon.query });
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}

/**
 * The visits' schedule: a flush every VISIT_FLUSH_MS and one when the app closes (the day's salt is
 * loaded by the first, at start), and the beacon's route when VISIT_BEACON is on.
 */
export async function visitRoutes(app: FastifyInstance, options: VisitRoutesOptions) {
  const { counter } = options;
  const flush = () =>
    counter
      .flush()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the visits could not be flushed'));
  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();
  // The first flush loads the day's salt before the server is ready, so that the first views are hashed
  // at once, and so that its write is over before anything else (a backup, a test holding the lock)
  // comes. A failure is logged, never a failed start: views then wait in memory for the salt.
  app.addHook('onReady', async () => {
    await flush();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await counter.flush();
  });
  if (options.beacon) await app.register(beaconRoute, options);
}
