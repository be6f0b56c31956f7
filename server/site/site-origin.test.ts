import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ORIGIN } from '../../common/build-origin.ts';
import { loadPageStore } from './page-store.ts';
import { staticSite } from './static-site.ts';

const page = (path: string) =>
  `<!DOCTYPE html><html lang="en"><title>${path}</title><link rel="canonical" href="${BUILD_ORIGIN}${path}"/>` +
  `<script type="application/ld+json">{"url":"${BUILD_ORIGIN}/"}</script></html>`;

/** One build, as `npm run build` writes it: the build's origin everywhere, each file precompressed. */
function makeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-origin-'));
  const files: Record<string, string> = {
    'index.html': page('/'),
    'about/index.html': page('/about'),
    '404/index.html': page('/404'),
    '__spa-fallback.html': page('/admin'),
    'sitemap.xml': `<urlset><url><loc>${BUILD_ORIGIN}/</loc></url><url><loc>${BUILD_ORIGIN}/about</loc></url></urlset>\n`,
    'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${BUILD_ORIGIN}/sitemap.xml\n`,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
  return dir;
}

let build: string;
beforeAll(() => {
  build = makeBuild();
});
afterAll(() => {
  rmSync(build, { recursive: true, force: true });
});

async function serve(siteUrl: string) {
  const app = Fastify();
  await app.register(staticSite, { siteDir: build, store: loadPageStore(build, undefined, siteUrl) });
  return app;
}

describe('one build served at any origin', () => {
  it.each(['https://staging.acme.in', 'http://localhost:3000'])(
    'names %s in sitemap.xml, robots.txt and every canonical URL, in every encoding',
    async (siteUrl) => {
      const app = await serve(siteUrl);
      const sitemap = await app.inject({ url: '/sitemap.xml' });
      expect(sitemap.headers['content-type']).toMatch(/xml/);
      expect(sitemap.body).toContain(`<loc>${siteUrl}/about</loc>`);
      const robots = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'gzip' } });
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(gunzipSync(robots.rawPayload).toString()).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
      const about = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(about.rawPayload).toString()).toContain(
        `<link rel="canonical" href="${siteUrl}/about"/>`,
      );
      for (const url of ['/', '/about', '/nowhere', '/sitemap.xml', '/robots.txt']) {
        for (const encoding of ['identity', 'br', 'gzip']) {
          const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
          const body =
            encoding === 'br'
              ? brotliDecompressSync(response.rawPayload)
              : encoding === 'gzip'
                ? gunzipSync(response.rawPayload)
                : response.rawPayload;
          expect(body.toString(), `${url} ${encoding}`).not.toContain('site-url.invalid');
        }
      }
      await app.close();
    },
  );

  it('gives each origin its own ETag and answers 304 to its own', async () => {
    const staging = await serve('https://staging.acme.in');
    const production = await serve('https://www.acme.in');
    const first = await staging.inject({ url: '/sitemap.xml' });
    const again = await staging.inject({
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect((await production.inject({ url: '/sitemap.xml' })).headers.etag).not.toBe(first.headers.etag);
    await staging.close();
    await production.close();
  });
});
