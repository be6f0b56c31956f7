import type { FastifyBaseLogger } from 'fastify';
import type { RenderedPage } from '../site/page-renderer.ts';
import type { SitePages } from '../site/site-pages.ts';
import type { RendererLoader } from './content-renderer.ts';
import type { ContentStore, StoredRelease } from './content-store.ts';

/**
 * The releases this instance serves: applied one at a time and in ascending order, never an older one
 * after a newer. A release is applied from the pages it stored when this build rendered them; pages
 * another build rendered may name scripts and styles this build does not have, so they are rendered
 * again here first (docs/decisions/067-content-releases-drafts-and-preview.md).
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

export interface SiteReleasesOptions {
  store: ContentStore;
  sitePages: SitePages;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** This build's renderer, for the pages another build rendered. */
  renderer: RendererLoader;
  /** This build's id (content-renderer.ts's buildIdOf); undefined without a build: nothing renders. */
  build: () => Promise<string | undefined>;
}

/** Renders these paths of a release with this build; a page that fails is logged and left out. */
async function renderPaths(
  release: StoredRelease,
  paths: readonly string[],
  options: SiteReleasesOptions,
): Promise<RenderedPage[]> {
  const { store, log } = options;
  // A database error is thrown: the job tries the release again, in order, on its next run.
  const content = await store.contentOf(release.id);
  const started = performance.now();
  const pages: RenderedPage[] = [];
  try {
    const renderer = await options.renderer();
    if (!content) throw new Error(`release ${release.id} has no content`);
    for (const path of paths) {
      try {
        pages.push(await renderer.render(content, path));
      } catch (error) {
        log.error({ err: error, release: release.id, path }, 'a page of a release could not be rendered');
      }
    }
  } catch (error) {
    log.error({ err: error, release: release.id }, 'a release could not be rendered by this build');
  }
  const ms = Math.round(performance.now() - started);
  log.info(
    { release: release.id, rendered: pages.length, of: paths.length, ms },
    'release rendered by this build',
  );
  return pages;
}

/**
 * The release's pages as this build renders them, from the release's content: those an instance of
 * this build kept already, the others rendered now and kept for the next one. A page that cannot be
 * rendered is left out (logged): the instance keeps the page it serves for that path (at start, the
 * build's), whose scripts and styles exist, rather than a stored one whose may not.
 */
async function renderedHere(
  release: StoredRelease,
  build: string,
  options: SiteReleasesOptions,
): Promise<RenderedPage[]> {
  const { store, log } = options;
  const wanted = new Set(release.pages.map((page) => page.path));
  const kept = (await store.buildPages(release.id, build)).filter((page) => wanted.has(page.path));
  const missing = [...wanted].filter((path) => !kept.some((page) => page.path === path));
  if (missing.length === 0) return kept;
  const rendered = await renderPaths(release, missing, options);
  // Not keeping them costs the next start a render, nothing more.
  await store
    .keepBuildPages(release.id, build, rendered)
    .catch((error: unknown) => log.error({ err: error, release: release.id }, 'rendered pages not kept'));
  return [...kept, ...rendered];
}

export function createSiteReleases(options: SiteReleasesOptions): SiteReleases {
  const { store, sitePages, log } = options;
  let applied = 0;
  // One application at a time: the job's and a publish's never interleave.
  let tail: Promise<unknown> = Promise.resolve();
  const serially = (task: () => Promise<void>): Promise<void> => {
    const next = tail.catch(() => undefined).then(task);
    tail = next;
    return next;
  };
  const pagesHere = async (release: StoredRelease) => {
    const build = await options.build();
    // Without a build nothing can render: the stored pages are all there is.
    return build === undefined || release.build === build
      ? release.pages
      : renderedHere(release, build, options);
  };
  const apply = async (release: StoredRelease) => {
    if (release.id <= applied) return;
    const pages = await pagesHere(release);
    try {
      sitePages.replace(pages, new Date(release.publishedAt));
      log.info({ release: release.id, pages: pages.length }, 'release applied');
    } catch (error) {
      // Stored is published: the next releases still apply, in order, and this one's pages are not lost
      // (a restart serves them again); the site refuses only what it cannot serve (an unknown path).
      log.error({ err: error, release: release.id }, 'a release could not be applied');
    }
    applied = release.id;
  };
  const applyNewer = async () => {
    for (const release of await store.releasesAfter(applied)) await apply(release);
  };
  return {
    load: () =>
      serially(async () => {
        // The newest id first: a release stored meanwhile is applied now or by the next run, never lost.
        const newest = await store.newestId();
        for (const release of await store.servedPages()) await apply(release);
        applied = Math.max(applied, newest);
      }),
    applyNewer: () => serially(applyNewer),
    applyPublished: (release) =>
      serially(async () => {
        if (release.id - 1 > applied) {
          for (const older of await store.releasesAfter(applied))
            if (older.id < release.id) await apply(older);
        }
        await apply(release);
      }),
    applied: () => applied,
  };
}
