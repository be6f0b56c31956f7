import type { FastifyBaseLogger } from 'fastify';
import type { SitePages } from '../site/site-pages.ts';
import type { ContentStore, StoredRelease } from './content-store.ts';

/**
 * The releases this instance serves: applied one at a time and in ascending order, never an older one
 * after a newer (a release is applied from the pages it stored, never rendered again here).
 */
export interface SiteReleases {
  /** At start: for every path, the page of the newest release that has it (else the build's). */
  load(): Promise<void>;
  /** Applies the releases newer than the last one applied, oldest first (every second, by a job). */
  applyNewer(): Promise<void>;
  /** Applies a release just stored here (its pages in hand), after any older one not applied yet. */
  applyPublished(release: StoredRelease): Promise<void>;
  /** The newest release applied here (0: none, the build's pages). */
  applied(): number;
}

export function createSiteReleases(options: {
  store: ContentStore;
  sitePages: SitePages;
  log: Pick<FastifyBaseLogger, 'info'>;
}): SiteReleases {
  const { store, sitePages, log } = options;
  let applied = 0;
  // One application at a time: the job's and a publish's never interleave.
  let tail: Promise<unknown> = Promise.resolve();
  const serially = (task: () => Promise<void>): Promise<void> => {
    const next = tail.catch(() => undefined).then(task);
    tail = next;
    return next;
  };
  const apply = (release: StoredRelease) => {
    if (release.id <= applied) return;
    sitePages.replace(release.pages, new Date(release.publishedAt));
    applied = release.id;
    log.info({ release: release.id, pages: release.pages.length }, 'release applied');
  };
  const applyNewer = async () => {
    for (const release of await store.releasesAfter(applied)) apply(release);
  };
  return {
    load: () =>
      serially(async () => {
        // The newest id first: a release stored meanwhile is applied now or by the next run, never lost.
        const newest = await store.newestId();
        for (const release of await store.servedPages()) apply(release);
        applied = Math.max(applied, newest);
      }),
    applyNewer: () => serially(applyNewer),
    applyPublished: (release) =>
      serially(async () => {
        if (release.id - 1 > applied) {
          for (const older of await store.releasesAfter(applied)) if (older.id < release.id) apply(older);
        }
        apply(release);
      }),
    applied: () => applied,
  };
}
