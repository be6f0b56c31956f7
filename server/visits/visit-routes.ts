import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { beaconView, VISIT_BEACON_PATH } from './visit-beacon.ts';
import type { VisitCounter } from './visit-counter.ts';
import { isPersonView } from './visit-filter.ts';

export interface VisitRoutesOptions {
  counter: VisitCounter;
  /** VISIT_FLUSH_MS: how often the counts are written. */
  flushMs: number;
  /** VISIT_BEACON: POST /api/visit counts the pages' beacons. */
  beacon: boolean;
  /** SITE_URL's origin: a beacon is counted only with this Origin (browsers send it with sendBeacon). */
  siteOrigin: string;
  /** The public pages' paths: a beacon for any other path is ignored. */
  pagePaths: ReadonlySet<string>;
  /** The runner the flushes are a job of (a runner of their own without it). */
  jobs?: JobRunner | undefined;
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

/** What POST /api/visit answers a beacon it cannot count (plain text: no page shows it, a person may read it). */
export const BEACON_REFUSALS = {
  malformed: [400, "Bad request: a visit is a JSON array of the page's path, its referrer and its query."],
  crossSite: [403, "Only the site's own pages may send a visit (their Origin), so it was not counted."],
  unknownPage: [404, 'There is no page at this path, so the visit was not counted.'],
} as const;

/**
 * POST /api/visit: counts a beacon by the same rules as a page request. 204 when it is counted, and
 * when it is a bot's or a prefetch's (read and left out, as a page request would be); a clear 4xx when
 * it cannot be: a body that is not a beacon, a post without the site's own Origin (403), a path that
 * is not a public page.
 */
async function beaconRoute(app: FastifyInstance, options: VisitRoutesOptions) {
  // sendBeacon with a string sends text/plain; any type is read as text (and then as JSON).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post(VISIT_BEACON_PATH, { bodyLimit: BEACON_BODY_LIMIT }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const beacon = beaconView(request.body);
    const refuse = ([status, message]: (typeof BEACON_REFUSALS)[keyof typeof BEACON_REFUSALS]) =>
      reply.code(status).type('text/plain; charset=utf-8').send(`${message}\n`);
    if (!beacon) return refuse(BEACON_REFUSALS.malformed);
    // The pages' beacon: a browser sends the page's Origin with sendBeacon, so no Origin (a script, a
    // bot) or another one (another site's page) is not a visit of ours.
    if (request.headers.origin !== options.siteOrigin) return refuse(BEACON_REFUSALS.crossSite);
    if (!options.pagePaths.has(beacon.path)) return refuse(BEACON_REFUSALS.unknownPage);
    const view = pageRequestView(request, beacon.path);
    if (view) options.counter.count({ ...view, referrer: beacon.referrer || undefined, query: beacon.query });
    return reply.code(204).send();
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
  const job = (options.jobs ?? createJobRunner({ log: app.log })).add({
    name: 'visits-flush',
    everyMs: options.flushMs,
    firstMs: options.flushMs,
    where: { instances: 'each' },
    run: () => counter.flush(),
    failed: (error) => app.log.warn({ err: error }, 'the visits could not be flushed'),
  });
  job.start();
  // The first flush loads the day's salt before the server is ready, so that the first views are hashed
  // at once, and so that its write is over before anything else (a backup, a test holding the lock)
  // comes. A failure is logged, never a failed start: views then wait in memory for the salt.
  app.addHook('onReady', async () => {
    await flush();
  });
  app.addHook('preClose', async () => {
    await job.stop();
    await counter.flush();
  });
  if (options.beacon) await app.register(beaconRoute, options);
}
