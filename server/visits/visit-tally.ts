import { OTHER_SOURCE } from '../../common/dashboard-domain.ts';
import type { VisitSource } from './visit-source.ts';

/** Views since the last flush, and the visitors this process saw for the first time today. */
interface Pending {
  views: number;
  /** Visitor hashes new to this process (today, for this row): Redis may still know them from another. */
  visitors: string[];
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

interface DaySeen {
  site: Set<string>;
  /** "path\nhash" and "sourceKey\nhash": seen on this page, from this source. */
  rows: Set<string>;
  /** Distinct sources per page (for the cap). */
  sourcesOf: Map<string, number>;
  sourceKeys: Set<string>;
}

const sourceKeyOf = (path: string, source: VisitSource) =>
  JSON.stringify([path, source.referrer, source.utmSource, source.utmCampaign]);

const emptyBatch = (day: string): DayBatch => ({
  day,
  site: { views: 0, visitors: [] },
  pages: new Map(),
  sources: new Map(),
});

/**
 * The counting in memory: views added up and visitors told apart per day, page and source, so that a
 * flush writes a few rows instead of one per view. A process remembers the visitors of a day (their
 * hashes, never an address) until the day is over, so a visitor seen again is not new again.
 */
export function createVisitTally(sourcesPerPage = SOURCES_PER_PAGE) {
  const seen = new Map<string, DaySeen>();
  let batches = new Map<string, DayBatch>();

  function daySeen(day: string): DaySeen {
    let entry = seen.get(day);
    if (!entry) {
      entry = { site: new Set(), rows: new Set(), sourcesOf: new Map(), sourceKeys: new Set() };
      seen.set(day, entry);
    }
    return entry;
  }

  /** The source as kept: a page's day with SOURCES_PER_PAGE sources already puts new ones in "other". */
  function cappedSource(known: DaySeen, path: string, source: VisitSource): string {
    const key = sourceKeyOf(path, source);
    if (known.sourceKeys.has(key)) return key;
    const count = known.sourcesOf.get(path) ?? 0;
    if (count >= sourcesPerPage) {
      return sourceKeyOf(path, { referrer: OTHER_SOURCE, utmSource: '', utmCampaign: '' });
    }
    known.sourceKeys.add(key);
    known.sourcesOf.set(path, count + 1);
    return key;
  }

  return {
    /** One view of a page by a visitor (the hash of the day), from a source. */
    record(day: string, path: string, source: VisitSource, visitor: string) {
      const known = daySeen(day);
      let batch = batches.get(day);
      if (!batch) batches.set(day, (batch = emptyBatch(day)));
      batch.site.views += 1;
      if (!known.site.has(visitor)) {
        known.site.add(visitor);
        batch.site.visitors.push(visitor);
      }
      let page = batch.pages.get(path);
      if (!page) batch.pages.set(path, (page = { views: 0, visitors: [] }));
      page.views += 1;
      const onPage = `${path}\n${visitor}`;
      if (!known.rows.has(onPage)) {
        known.rows.add(onPage);
        page.visitors.push(visitor);
      }
      const key = cappedSource(known, path, source);
      let row = batch.sources.get(key);
      if (!row) {
        const [, referrer = '', utmSource = '', utmCampaign = ''] = JSON.parse(key) as string[];
        batch.sources.set(key, (row = { path, referrer, utmSource, utmCampaign, views: 0, visitors: [] }));
      }
      row.views += 1;
      const fromSource = `${key}\n${visitor}`;
      if (!known.rows.has(fromSource)) {
        known.rows.add(fromSource);
        row.visitors.push(visitor);
      }
    },
    /** What was counted since the last take, by day; the tally starts a new batch. */
    take(): DayBatch[] {
      const taken = [...batches.values()];
      batches = new Map();
      return taken;
    },
    /** Forgets the visitors of the days before `day` (they are over: no view can be added to them). */
    forgetBefore(day: string) {
      for (const known of seen.keys()) if (known < day) seen.delete(known);
    },
  };
}
