/**
 * The origin the build writes wherever the site's own address belongs (canonical URLs, Open Graph,
 * JSON-LD, sitemap.xml, robots.txt): a name that can never resolve (.invalid, RFC 2606). The server puts
 * its own SITE_URL in its place when it loads the build (server/site/page-store.ts), so one build serves
 * any origin: staging's build is promoted to production unchanged.
 */
export const BUILD_ORIGIN = 'https://site-url.invalid';

/** The text with the build's origin replaced by `siteUrl` (an origin, no trailing slash). */
export function withSiteOrigin(text: string, siteUrl: string): string {
  return text.replaceAll(BUILD_ORIGIN, siteUrl);
}
