import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { compressedPage, describePage, type Page, type PageStore } from './page-store.ts';
import type { RenderedPage } from './page-renderer.ts';
import { brotliInBackground } from './precompress.ts';
import type { SitePages } from './site-pages.ts';
import { sitemapWithLastmod } from './sitemap-lastmod.ts';

/** The Content-Security-Policy of a page, given the hashes of its inline scripts and styles. */
export type PagePolicy = (page: Pick<Page, 'scriptHashes' | 'styleHashes'>) => string;

/** A public page as it is served now: the page and its policy (built once per version of the page). */
export interface ServedPage {
  readonly page: Page;
  readonly policy: string | undefined;
}

/**
 * The public pages this instance serves: the build's (the page store), until a release replaces some
 * (docs/decisions/068-serving-released-pages.md). The static site asks it on every request.
 */
export interface ServedPages extends SitePages {
  /** The page served at this canonical path now (one of the build's paths), with its policy. */
  page(path: string): ServedPage | undefined;
  /** sitemap.xml now (the build's, each replaced page's `lastmod` its release's), if the build has one. */
  sitemap(): Page | undefined;
  /** Settles once the pages replaced so far are served in Brotli too (compressed in the background). */
  compressed(): Promise<void>;
}

const SITEMAP = '/sitemap.xml';

/** The robots meta of a preview, first in its head. */
const NOINDEX_META = '<meta name="robots" content="noindex"/>';

function withNoindexMeta(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return NOINDEX_META + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + NOINDEX_META + html.slice(end);
}

/**
 * Builds what the site serves from the build's pages, and what a release changes of it: `replace` swaps
 * pages at once (identity and gzip ready; Brotli follows from the thread pool, a page's `br` is the
 * renderer's when the transform left the HTML as rendered), `sendPreview` sends a draft's page privately.
 */
export function createServedPages(store: PageStore, pagePolicy?: PagePolicy): ServedPages {
  const served = new Map<string, ServedPage>();
  const serve = (page: Page) => served.set(page.path, { page, policy: pagePolicy?.(page) });
  for (const page of store.pages.values()) serve(page);
  const lastmods = new Map<string, Date>();
  const builtSitemap = store.originFiles.get(SITEMAP);
  let sitemap = builtSitemap;
  const pending = new Set<Promise<void>>();

  const compressLater = (entry: ServedPage) => {
    const job = brotliInBackground(entry.page.identity)
      .then((br) => {
        // A newer release may have replaced the page meanwhile: its own Brotli is on its way.
        if (served.get(entry.page.path) !== entry) return;
        serve({ ...entry.page, br });
      })
      .catch(() => undefined) // gzip and identity stay served: a page without Brotli is still the page
      .finally(() => pending.delete(job));
    pending.add(job);
  };

  return {
    page: (path) => served.get(path),
    sitemap: () => sitemap,
    compressed: async () => {
      await Promise.all([...pending]);
    },
    replace(pages, at) {
      const unknown = pages.filter((page) => !store.pages.has(page.path)).map((page) => page.path);
      if (unknown.length) throw new Error(`Not pages of the site: ${unknown.join(', ')}`);
      const prepared = pages.map((rendered) => preparePage(rendered, store));
      for (const { page, changed } of prepared) {
        serve(page);
        lastmods.set(page.path, at);
        const entry = served.get(page.path);
        if (changed && entry) compressLater(entry);
      }
      if (builtSitemap) {
        const text = sitemapWithLastmod(builtSitemap.identity.toString('utf8'), lastmods);
        sitemap = compressedPage(SITEMAP, Buffer.from(text, 'utf8'));
      }
    },
    sendPreview(reply, page) {
      return sendPreview(reply, page, store, pagePolicy);
    },
  };
}

/** The rendered page as loadPageStore would have loaded it from the build (with no Brotli yet if changed). */
function preparePage(rendered: RenderedPage, store: PageStore): { page: Page; changed: boolean } {
  const identity = Buffer.from(store.transform(rendered.html.toString('utf8')), 'utf8');
  const changed = !identity.equals(rendered.html);
  const page = changed
    ? describePage(rendered.path, identity, undefined, gzipSync(identity, { level: 9 }))
    : describePage(rendered.path, identity, rendered.br, rendered.gz);
  return { page, changed };
}

/**
 * A draft's page for a signed-in editor: the site's origin filled in (the visit beacon left out: a
 * preview is no visit), noindex in its head and its header, never stored by a cache, its own policy.
 */
function sendPreview(
  reply: FastifyReply,
  rendered: RenderedPage,
  store: PageStore,
  pagePolicy: PagePolicy | undefined,
): FastifyReply {
  const html = withNoindexMeta(store.origin(rendered.html.toString('utf8')));
  const page = describePage(rendered.path, Buffer.from(html, 'utf8'), undefined, undefined);
  const policy = pagePolicy?.(page);
  if (policy) reply.header('content-security-policy', policy);
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(page.identity);
}
