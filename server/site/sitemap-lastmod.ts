/** One URL of sitemap.xml as scripts/lib/seo-files.ts writes it: its address and its last change. */
const URL_WITH_LASTMOD = /<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g;

/** A sitemap's `lastmod`: a W3C datetime to the second, in UTC. */
function lastmodOf(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The build's sitemap.xml with the `lastmod` of each page a release changed (by path) set to that
 * release's time; every other page keeps the build's date.
 */
export function sitemapWithLastmod(sitemap: string, lastmods: ReadonlyMap<string, Date>): string {
  return sitemap.replaceAll(URL_WITH_LASTMOD, (url, loc: string) => {
    const at = lastmods.get(new URL(loc).pathname);
    return at ? `<url><loc>${loc}</loc><lastmod>${lastmodOf(at)}</lastmod></url>` : url;
  });
}
