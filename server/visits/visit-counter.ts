import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../db/database.ts';
import type { Redis } from '../security/redis-client.ts';
import { dayClock, localDay } from './visit-day.ts';
import { newVisitors, visitorSetKey, type VisitorSet } from './visit-redis.ts';
import { createSaltBook, visitorHash } from './visit-salts.ts';
import { sourceHost, visitSource, type VisitSource } from './visit-source.ts';
import { createAddressCap } from './visit-address-cap.ts';
import { createVisitTally, type DayBatch } from './visit-tally.ts';
import { PAGE_COUNT, SOURCE_COUNT } from './visitor-count.ts';
import { addCounts, emptyRows, writeVisitRows, type VisitRows } from './visit-writer.ts';

export interface VisitCounterOptions {
  storage: Storage;
  /** REDIS_URL's client: a day's visitors told apart across instances. Without it, per instance. */
  redis?: Redis | undefined;
  /** ADMIN_TIME_ZONE: whose local day a view belongs to. */
  timeZone: string;
  /** SITE_URL: a referrer on its host is "internal". */
  siteUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** One view, as the page request (or the beacon) tells it. The address and user agent stay in memory. */
export interface View {
  path: string;
  address: string;
  userAgent: string;
  referrer: string | undefined;
  /** The page address's query ("?utm_source=…"), or "". */
  query: string;
}

interface UnsaltedView {
  day: string;
  path: string;
  source: VisitSource;
  address: string;
  userAgent: string;
}

/** Views that may wait in memory for their day's salt (the start, the database down); more get an own salt. */
const UNSALTED_MAX = 10_000;
/** The next day's salt is made this long before midnight, so the first views of the day have it. */
const PRELOAD_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const REFERRERS_KEPT = 1_000;
/** With Redis: a batch holding this many visitors' hashes for Redis is flushed at once, not at its time. */
const SHARED_VISITORS_MAX = 50_000;

const hasRows = (rows: VisitRows) => rows.days.size + rows.pages.size + rows.sources.size > 0;

/** One set of visitor hashes per row of the batches, in the order addBatches reads their counts. */
function visitorSets(batches: readonly DayBatch[]): VisitorSet[] {
  const sets: VisitorSet[] = [];
  for (const { day, site, pages, sources } of batches) {
    const exactMax = PAGE_COUNT.exactMax;
    sets.push({ key: visitorSetKey(day, 'site'), members: [...site.visitors], exactMax });
    for (const [path, page] of pages)
      sets.push({ key: visitorSetKey(day, `page:${path}`), members: [...page.visitors], exactMax });
    for (const [key, row] of sources) {
      const members = [...row.visitors];
      sets.push({ key: visitorSetKey(day, `source:${key}`), members, exactMax: SOURCE_COUNT.exactMax });
    }
  }
  return sets;
}

/** Adds the batches' views and new visitors (`visitors`: each row's, in visitorSets' order) to the rows. */
function addBatches(
  into: VisitRows,
  batches: readonly DayBatch[],
  visitors: (row: DayBatch['site']) => number,
) {
  for (const { day, site, pages, sources } of batches) {
    addCounts(into.days, day, { day, views: site.views, visitors: visitors(site) });
    for (const [path, page] of pages) {
      addCounts(into.pages, `${day}\n${path}`, {
        day,
        path,
        views: page.views,
        visitors: visitors(page),
      });
    }
    for (const [key, row] of sources) {
      addCounts(into.sources, `${day}\n${key}`, {
        day,
        path: row.path,
        referrer: row.referrer,
        utm_source: row.utmSource,
        utm_campaign: row.utmCampaign,
        views: row.views,
        visitors: visitors(row),
      });
    }
  }
}

/** Adds rows that could not be written to those counted since. */
function addRows(into: VisitRows, rows: VisitRows) {
  for (const [key, row] of rows.days) addCounts(into.days, key, row);
  for (const [key, row] of rows.pages) addCounts(into.pages, key, row);
  for (const [key, row] of rows.sources) addCounts(into.sources, key, row);
}

/** Referrers already read (a few search engines and our own pages make most): emptied when full. */
function referrerReader(siteHost: string) {
  const referrers = new Map<string, VisitSource>();
  return function sourceOf(referrer: string | undefined, query: string): VisitSource {
    if (query) return visitSource(referrer, query, siteHost);
    const key = referrer ?? '';
    let source = referrers.get(key);
    if (!source) {
      if (referrers.size >= REFERRERS_KEPT) referrers.clear();
      referrers.set(key, (source = visitSource(referrer, '', siteHost)));
    }
    return source;
  };
}

/** How many of each set's visitors are new to Redis (every instance's); undefined where Redis failed. */
async function sharedNewVisitors(
  redis: NonNullable<VisitCounterOptions['redis']>,
  sets: VisitorSet[],
  {
    today,
    endsAt,
    now,
    log,
  }: { today: string; endsAt: number; now: () => Date; log: VisitCounterOptions['log'] },
): Promise<(number | undefined)[]> {
  // Today's sets until an hour after midnight; a past day's (flushed late), an hour from now.
  const ttl = (key: string) =>
    Math.ceil(((key.startsWith(`visits:${today}:`) ? endsAt - now().getTime() : 0) + HOUR_MS) / 1000);
  const shared = await newVisitors(redis, sets, ttl);
  if (shared.some((count) => count === undefined)) {
    log.warn('Redis is unavailable: the visitors of this batch are told apart by this instance alone');
  }
  return shared;
}

/** The day's salts: today's, and tomorrow's once midnight is near (a failure is logged: views wait). */
async function loadSalts(
  salts: ReturnType<typeof createSaltBook>,
  {
    today,
    endsAt,
    now,
    timeZone,
    log,
  }: { today: string; endsAt: number } & Omit<VisitCounterOptions, 'storage' | 'redis' | 'siteUrl'>,
) {
  try {
    await salts.load(today);
    if (endsAt - now().getTime() < PRELOAD_MS) await salts.load(localDay(new Date(endsAt), timeZone));
  } catch (error) {
    log.warn({ err: error }, "the day's visit salt could not be loaded: views wait in memory for it");
  }
}

/**
 * Counts views in memory and writes them in batches (flush). Counting never waits: a view is hashed
 * with its day's salt when this process knows it, and otherwise waits in memory (never written) until
 * the flush has loaded the salt. A flush tells new visitors apart through Redis when there is one,
 * then adds every count in one transaction; counts that could not be written wait for the next flush.
 */
export function createVisitCounter(options: VisitCounterOptions) {
  const { storage, redis, timeZone, now, log } = options;
  const tally = createVisitTally({ shareVisitors: redis !== undefined });
  const caps = createAddressCap();
  const salts = createSaltBook(storage);
  const clock = dayClock(timeZone, now);
  const sourceOf = referrerReader(sourceHost(new URL(options.siteUrl).hostname));
  let unsalted: UnsaltedView[] = [];
  let unwritten = emptyRows();
  let cleanedDay = '';
  let flushing: Promise<void> | undefined;
  function record(view: UnsaltedView, salt: string) {
    // Past its cap of new visitors a day, an address's further user agents are one visitor.
    const who = caps.agentOf(view.day, view.address, view.userAgent);
    tally.record(view.day, view.path, view.source, visitorHash(salt, who.address, who.userAgent));
    if (tally.sharedVisitors() >= SHARED_VISITORS_MAX && !flushing) void flush().catch(() => undefined);
  }

  /** Counts one view now (no await, no database). */
  function count(view: View) {
    const { day } = clock.today();
    const counted = {
      day,
      path: view.path,
      source: sourceOf(view.referrer, view.query),
      address: view.address,
      userAgent: view.userAgent,
    };
    const salt = salts.known(day);
    if (salt) record(counted, salt);
    else if (unsalted.length < UNSALTED_MAX) unsalted.push(counted);
    else record(counted, salts.ownSalt(day));
  }

  async function flushOnce() {
    const { day: today, endsAt } = clock.today();
    await loadSalts(salts, { today, endsAt, now, timeZone, log });
    const waiting = unsalted;
    unsalted = [];
    for (const view of waiting) {
      const salt = salts.known(view.day) ?? (view.day < today ? salts.ownSalt(view.day) : undefined);
      if (salt) record(view, salt);
      else unsalted.push(view);
    }
    // New visitors per row: as Redis says (shared by every instance), or as this process saw them.
    const batches = tally.take();
    const shared = redis
      ? await sharedNewVisitors(redis, visitorSets(batches), { today, endsAt, now, log })
      : [];
    let index = 0;
    addBatches(unwritten, batches, (row) => shared[index++] ?? row.counted);
    tally.forgetBefore(today);
    caps.forgetBefore(today);
    salts.forgetBefore(today);
    if (!hasRows(unwritten) && cleanedDay === today) return;
    const rows = unwritten;
    unwritten = emptyRows();
    try {
      await writeVisitRows(storage, rows, today);
      cleanedDay = today;
    } catch (error) {
      // Kept for the next flush: added to whatever is counted meanwhile.
      addRows(unwritten, rows);
      log.warn({ err: error }, 'the counted visits could not be written: they are kept for the next flush');
    }
  }

  /** Writes what was counted (one flush at a time; a call during one waits for it, then flushes again). */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = flushOnce().finally(() => (flushing = undefined));
    return flushing;
  }

  return { count, flush };
}

export type VisitCounter = ReturnType<typeof createVisitCounter>;
