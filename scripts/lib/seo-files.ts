import { serverSitemapPaths, sitePaths } from '../../app/content/site-map.ts';

/**
 * sitemap.xml: every page the page table lists in the sitemap, at its canonical URL under siteUrl, last
 * modified by this build; then the pages the server writes (serverSitemapPaths), with no date, as they
 * change after the build.
 */
export function sitemapXml(siteUrl: string, lastModified: string): string {
  const urls = [
    ...sitePaths.map(
      (path) => `  <url><loc>${new URL(path, siteUrl).href}</loc><lastmod>${lastModified}</lastmod></url>`,
    ),
    ...serverSitemapPaths.map((path) => `  <url><loc>${new URL(path, siteUrl).href}</loc></url>`),
  ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled, and the sitemap is here. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}
