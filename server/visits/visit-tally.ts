import { OTHER_SOURCE } from '../../common/dashboard-domain.ts';
import type { VisitSource } from './visit-source.ts';
import {
  createVisitorCount,
  PAGE_COUNT,
  SOURCE_COUNT,
  visitorBits,
  type CountProfile,
  type VisitorCount,
} from './visitor-count.ts';

/** Views since the last flush, and the visitors they added to the row. */
interface Pending {
  views: number;
  /** New visitors since the last take, as this process counts them (its own row's count grew by so many). */
  counted: number;
  /**
   * With Redis, the hashes of the visitors that may be new (Redis tells them apart across instances):
   * those new to this process, or, once its row is a sketch, every visitor of the batch (once each).
   */
  visitors: Set<string>;
}

/** A visit_sources row's key. */
interface SourceKey extends VisitSource {
  path: string;
}

/** What was counted since the last flush, for one local day. */
export interface DayBatch {
  day: string;
  site: Pending;
  pages: Map<string, Pending>;
  sources: Map<string, SourceKey & Pending>;
}

/** At most this many sources per page and day; the next ones are counted as OTHER_SOURCE. */
const SOURCES_PER_PAGE = 50;

interface DaySeenRow {
  count: VisitorCount;
  reported: number;
}

interface DaySeen {
  /** Each row's visitors ("site", "page:<path>", "source:<key>"), and how many a take has reported. */
  rows: Map<string, DaySeenRow>;
  /** Distinct sources per page (for the cap). */
  sourcesOf: Map<string, number>;
  sourceKeys: Set<string>;
}

const sourceKeyOf = (path: string, source: VisitSource) =>
  JSON.stringify([path, source.referrer, source.utmSource, source.utmCampaign]);

const emptyPending = (): Pending => ({ views: 0, counted: 0, visitors: new Set() });

const emptyBatch = (day: string): DayBatch => ({
  day,
  site: emptyPending(),
  pages: new Map(),
  sources: new Map(),
});

/** The row's count of the day (made if new), the site's and the pages' exact further than the sources'. */
function rowOf(known: DaySeen, key: string, profile: CountProfile) {
  let row = known.rows.get(key);
  if (!row) known.rows.set(key, (row = { count: createVisitorCount(profile), reported: 0 }));
  return row;
}

/** The source as kept: a page's day with SOURCES_PER_PAGE sources already puts new ones in "other". */
function cappedSource(known: DaySeen, path: string, source: VisitSource, perPage: number): string {
  const key = sourceKeyOf(path, source);
  if (known.sourceKeys.has(key)) return key;
  const count = known.sourcesOf.get(path) ?? 0;
  if (count >= perPage) return sourceKeyOf(path, { referrer: OTHER_SOURCE, utmSource: '', utmCampaign: '' });
  known.sourceKeys.add(key);
  known.sourcesOf.set(path, count + 1);
  return key;
}

/** The batch's row of a source key (made if new). */
function sourcePending(batch: DayBatch, path: string, key: string) {
  let row = batch.sources.get(key);
  if (!row) {
    const [, referrer = '', utmSource = '', utmCampaign = ''] = JSON.parse(key) as string[];
    row = { path, referrer, utmSource, utmCampaign, ...emptyPending() };
    batch.sources.set(key, row);
  }
  return row;
}

export interface TallyOptions {
  sourcesPerPage?: number;
  /** Redis tells visitors apart: keep the hashes of the visitors that may be new, for the flush. */
  shareVisitors?: boolean;
}

/**
 * The counting in memory: views added up and visitors told apart per day, page and source, so that a
 * flush writes a few rows instead of one per view. A process remembers a day's visitors per row until
 * the day is over, in bounded memory (visitor-count.ts: exact up to 10,000 a page, then a sketch), so a
 * visitor seen again is not new again; the rows are bounded too (the pages, 51 sources a page).
 */
export function createVisitTally({
  sourcesPerPage = SOURCES_PER_PAGE,
  shareVisitors = false,
}: TallyOptions = {}) {
  const seen = new Map<string, DaySeen>();
  let batches = new Map<string, DayBatch>();
  /** The rows a batch touched, with their counts, for take(). */
  let touched = new Map<Pending, DaySeenRow>();

  function daySeen(day: string): DaySeen {
    let entry = seen.get(day);
    if (!entry) seen.set(day, (entry = { rows: new Map(), sourcesOf: new Map(), sourceKeys: new Set() }));
    return entry;
  }

  /** The hashes kept for Redis in the current batch (all rows). */
  let shared = 0;

  function add(pending: Pending, row: DaySeenRow, visitor: string, bits: [number, number]) {
    pending.views += 1;
    touched.set(pending, row);
    if (row.count.add(bits[0], bits[1]) && shareVisitors && !pending.visitors.has(visitor)) {
      pending.visitors.add(visitor);
      shared += 1;
    }
  }

  return {
    /** One view of a page by a visitor (the hash of the day), from a source. */
    record(day: string, path: string, source: VisitSource, visitor: string) {
      const known = daySeen(day);
      const bits = visitorBits(visitor);
      let batch = batches.get(day);
      if (!batch) batches.set(day, (batch = emptyBatch(day)));
      add(batch.site, rowOf(known, 'site', PAGE_COUNT), visitor, bits);
      let page = batch.pages.get(path);
      if (!page) batch.pages.set(path, (page = emptyPending()));
      add(page, rowOf(known, `page:${path}`, PAGE_COUNT), visitor, bits);
      const key = cappedSource(known, path, source, sourcesPerPage);
      add(sourcePending(batch, path, key), rowOf(known, `source:${key}`, SOURCE_COUNT), visitor, bits);
    },
    /** What was counted since the last take, by day, with each row's new visitors; a new batch starts. */
    take(): DayBatch[] {
      for (const [pending, row] of touched) {
        const size = row.count.size();
        pending.counted = size - row.reported;
        row.reported = size;
      }
      const taken = [...batches.values()];
      batches = new Map();
      touched = new Map();
      shared = 0;
      return taken;
    },
    /** Forgets the visitors of the days before `day` (they are over: no view can be added to them). */
    forgetBefore(day: string) {
      for (const known of seen.keys()) if (known < day) seen.delete(known);
    },
    /** How many hashes the batch keeps for Redis: the counter flushes early when they are many. */
    sharedVisitors: () => shared,
    /** The memory of the visitors told apart (bytes of every row's set or sketch), for the memory test. */
    bytes(): number {
      let total = 0;
      for (const known of seen.values()) for (const row of known.rows.values()) total += row.count.bytes();
      return total;
    },
  };
}
