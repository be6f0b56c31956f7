/**
 * Writes build/client/sitemap.xml (every public route and the newsletter
 * archive's index, canonical URLs from SITE_URL) and build/client/robots.txt
 * (which points to it). Runs during `npm run build`, after prerendering and
 * before precompression.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverSitemapPaths, sitePaths } from '../app/content/site-map.ts';
import { readBuildEnv } from './build-env.ts';
import { robotsTxt, sitemapXml } from './lib/seo-files.ts';

const dir = process.argv[2] ?? 'build/client';
const { siteUrl } = readBuildEnv();

writeFileSync(join(dir, 'sitemap.xml'), sitemapXml(siteUrl, new Date().toISOString().slice(0, 10)));
writeFileSync(join(dir, 'robots.txt'), robotsTxt(siteUrl));
console.log(
  `Wrote sitemap.xml (${sitePaths.length + serverSitemapPaths.length} URLs) and robots.txt for ${siteUrl}`,
);
