import type { FastifyReply } from 'fastify';
import type { RenderedPage } from './page-renderer.ts';

/**
 * The public pages this instance serves, which a release changes while it runs (the content feature
 * calls it; the site knows no feature). The build's pages are served until a release replaces them.
 */
export interface SitePages {
  /**
   * Serves these rendered pages in place of those served now, from the next request on, with the
   * same headers, policy and precompression as a built page; each one's `lastmod` in sitemap.xml
   * becomes `at`. The site's origin is filled in as for a built page.
   */
  replace(pages: readonly RenderedPage[], at: Date): void;
  /**
   * Sends a rendered page as a private preview: `noindex` (header and meta), never cached or stored,
   * the page's own Content-Security-Policy.
   */
  sendPreview(reply: FastifyReply, page: RenderedPage): FastifyReply;
}
