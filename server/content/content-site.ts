import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../db/database.ts';
import type { SitePages } from '../site/site-pages.ts';
import { createContentStore, type ContentStore } from './content-store.ts';
import { lazyBuildId, lazyRenderer, type RendererLoader } from './content-renderer.ts';
import { createPublishing, type Publishing } from './publishing.ts';
import { createSiteReleases, type SiteReleases } from './site-releases.ts';

/** What the content's public routes and inbox endpoints share in one app: one store, renderer, applier. */
export interface ContentSite {
  store: ContentStore;
  renderer: RendererLoader;
  releases: SiteReleases;
  publishing: Publishing;
  sitePages: SitePages;
}

/** What the content reads of the app's bag. */
export interface ContentSiteOptions {
  storage: Storage;
  /** The public pages this instance serves (server/site/served-pages.ts). */
  sitePages: SitePages;
}

const sites = new WeakMap<Storage, ContentSite>();

/** The app's one ContentSite (its public routes and inbox endpoints are registered with different bags). */
export function contentSiteOf(
  options: ContentSiteOptions,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): ContentSite {
  const known = sites.get(options.storage);
  if (known) return known;
  const store = createContentStore(options.storage);
  const renderer = lazyRenderer();
  const build = lazyBuildId();
  const { sitePages } = options;
  const releases = createSiteReleases({ store, sitePages, log, renderer, build });
  const publishing = createPublishing({ storage: options.storage, store, renderer, build, releases });
  const site = { store, renderer, releases, publishing, sitePages };
  sites.set(options.storage, site);
  return site;
}
