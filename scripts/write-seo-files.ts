/**
 * Writes build/client/sitemap.xml (every public route, canonical URLs from
 * SITE_URL) and build/client/robots.txt (which points to it). Runs during
 * `npm run build`, after prerendering and before precompression.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sitePaths } from '../app/content/site-map.ts';
import { readBuildEnv } from './build-env.ts';

const dir = process.argv[2] ?? 'build/client';
const { siteUrl } = readBuildEnv();
const today = new Date().toISOString().slice(0, 10);

const urls = sitePaths
  .map((path) => `  <url><loc>${new URL(path, siteUrl).href}</loc><lastmod>${today}</lastmod></url>`)
  .join('\n');

writeFileSync(
  join(dir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
writeFileSync(
  join(dir, 'robots.txt'),
  `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`,
);
console.log(`Wrote sitemap.xml (${sitePaths.length} URLs) and robots.txt for ${siteUrl}`);
