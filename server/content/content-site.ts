import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Storage } from '../db/database.ts';
import type { RenderedPage } from '../site/page-renderer.ts';
import type { SitePages } from '../site/site-pages.ts';
import { createContentStore, type ContentStore } from './content-store.ts';
import { lazyRenderer, type RendererLoader } from './content-renderer.ts';
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

/** What the content reads of the app's bag (the site's pages, when the site offers them). */
export interface ContentSiteOptions {
  storage: Storage;
  sitePages?: SitePages | undefined;
}

/** Until the site serves released pages: nothing replaced, a preview sent as it is, never stored. */
const pagesNotServed: SitePages = {
  replace() {},
  sendPreview(reply: FastifyReply, page: RenderedPage) {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(page.html);
  },
};

const sites = new WeakMap<Storage, ContentSite>();

/** The app's one ContentSite (its public routes and inbox endpoints are registered with different bags). */
export function contentSiteOf(
  options: ContentSiteOptions,
  log: Pick<FastifyBaseLogger, 'info'>,
): ContentSite {
  const known = sites.get(options.storage);
  if (known) return known;
  const store = createContentStore(options.storage);
  const renderer = lazyRenderer();
  const sitePages = options.sitePages ?? pagesNotServed;
  const releases = createSiteReleases({ store, sitePages, log });
  const publishing = createPublishing({ storage: options.storage, store, renderer, releases });
  const site = { store, renderer, releases, publishing, sitePages };
  sites.set(options.storage, site);
  return site;
}
