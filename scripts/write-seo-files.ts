/**
 * Writes build/client/sitemap.xml (every public route and the newsletter
 * archive's index) and build/client/robots.txt (which points to it), their
 * URLs under the build's origin, which the server replaces with its own
 * SITE_URL (common/build-origin.ts). Runs during `npm run build`, after
 * prerendering and before precompression.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverSitemapPaths, sitePaths } from '../app/content/site-map.ts';
import { BUILD_ORIGIN } from '../common/build-origin.ts';
import { robotsTxt, sitemapXml } from './lib/seo-files.ts';

const dir = process.argv[2] ?? 'build/client';

writeFileSync(join(dir, 'sitemap.xml'), sitemapXml(BUILD_ORIGIN, new Date().toISOString().slice(0, 10)));
writeFileSync(join(dir, 'robots.txt'), robotsTxt(BUILD_ORIGIN));
console.log(
  `Wrote sitemap.xml (${sitePaths.length + serverSitemapPaths.length} URLs) and robots.txt; the server fills in SITE_URL`,
);
