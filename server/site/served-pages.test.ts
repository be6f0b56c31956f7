import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ORIGIN } from '../../common/build-origin.ts';
import { loadPageStore, type PageTransform } from './page-store.ts';
import type { RenderedPage } from './page-renderer.ts';
import { precompress } from './precompress.ts';
import { createServedPages, type ServedPages } from './served-pages.ts';
import { staticSite } from './static-site.ts';

const SITE_URL = 'https://www.acme.in';
const BUILT_DAY = '2026-11-01';

/** A page as the build (and the page renderer) writes it: the build's origin, an inline script. */
const pageHtml = (path: string, words: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${words}</title>` +
  `<link rel="canonical" href="${BUILD_ORIGIN}${path === '/' ? '/' : path}"/>` +
  `<script>window.words=${JSON.stringify(words)}</script></head><body><h1>${words}</h1>` +
  `<p>${'Plain words for compression. '.repeat(40)}</p></body></html>`;

function rendered(path: string, words: string): RenderedPage {
  const html = Buffer.from(pageHtml(path, words));
  return { path, file: `${path.slice(1)}/index.html`, html, ...precompress(html) };
}

/** A built site: home, about, FAQ, the not-found page and a sitemap dated by the build. */
function makeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'served-pages-'));
  const url = (path: string) => `<url><loc>${BUILD_ORIGIN}${path}</loc><lastmod>${BUILT_DAY}</lastmod></url>`;
  const files: Record<string, string> = {
    'index.html': pageHtml('/', 'Home'),
    'about/index.html': pageHtml('/about', 'About us'),
    'FAQ/index.html': pageHtml('/FAQ', 'Questions'),
    '404/index.html': pageHtml('/404', 'Page not found'),
    'sitemap.xml': `<urlset>\n${['/', '/about', '/FAQ'].map(url).join('\n')}\n<url><loc>${BUILD_ORIGIN}/newsletter/archive</loc></url>\n</urlset>\n`,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    const { br, gz } = precompress(Buffer.from(content));
    if (br) writeFileSync(`${file}.br`, br);
    if (gz) writeFileSync(`${file}.gz`, gz);
  }
  return dir;
}

const policy = ({ scriptHashes }: { scriptHashes: readonly string[] }) =>
  `script-src 'self' ${scriptHashes.join(' ')}`;

let build: string;
let app: FastifyInstance | undefined;
beforeAll(() => {
  build = makeBuild();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(() => {
  rmSync(build, { recursive: true, force: true });
});

async function serve(
  siteUrl?: string,
  transform?: PageTransform,
): Promise<{ site: FastifyInstance; pages: ServedPages }> {
  const store = loadPageStore(build, transform, siteUrl);
  const pages = createServedPages(store, policy);
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(staticSite, { siteDir: build, store, served: pages, pagePolicy: policy });
  return { site: app, pages };
}

const body = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.rawPayload).toString()
    : response.headers['content-encoding'] === 'gzip'
      ? gunzipSync(response.rawPayload).toString()
      : response.rawPayload.toString();

describe('a release replaces the pages served', () => {
  it('serves the new page from the next request on, as a built page: origin, script, policy, ETag', async () => {
    const beacon = '<script>navigator.sendBeacon("/v")</script>';
    const { site, pages } = await serve(SITE_URL, (html) => html.replace('</body>', `${beacon}</body>`));
    const before = await site.inject({ url: '/FAQ' });
    pages.replace([rendered('/FAQ', 'Answers, edited')], new Date('2026-11-29T17:00:00Z'));
    const after = await site.inject({ url: '/FAQ' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<h1>Answers, edited</h1>');
    expect(after.body).toContain(`<link rel="canonical" href="${SITE_URL}/FAQ"/>`);
    expect(after.body).not.toContain(BUILD_ORIGIN);
    expect(after.body).toContain(beacon);
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(after.headers['content-security-policy']).not.toBe(before.headers['content-security-policy']);
    expect(String(after.headers['content-security-policy']).split(' ')).toHaveLength(4);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const cached = { 'if-none-match': String(after.headers.etag) };
    expect((await site.inject({ url: '/FAQ', headers: cached })).statusCode).toBe(304);
    const stale = { 'if-none-match': String(before.headers.etag) };
    expect((await site.inject({ url: '/FAQ', headers: stale })).statusCode).toBe(200);
    // The case variants still move to the page, which is the new one; the others are as built.
    const variant = await site.inject({ url: '/faq/?x=1' });
    expect([variant.statusCode, variant.headers.location]).toEqual([301, '/FAQ?x=1']);
    expect((await site.inject({ url: '/about' })).body).toContain('<h1>About us</h1>');
  });

  it('serves it in gzip at once and in Brotli once compressed, each the same page', async () => {
    const { site, pages } = await serve(SITE_URL);
    pages.replace([rendered('/about', 'About us, edited')], new Date('2026-11-29T17:00:00Z'));
    const gzip = await site.inject({ url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    await pages.compressed();
    const br = await site.inject({ url: '/about', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await site.inject({ url: '/about' });
    expect(body(gzip)).toBe(plain.body);
    expect(body(br)).toBe(plain.body);
    expect(plain.body).toContain('<h1>About us, edited</h1>');
  });

  it('keeps the newest release when an older one is still being compressed', async () => {
    const { site, pages } = await serve(SITE_URL);
    pages.replace([rendered('/about', 'First')], new Date('2026-11-29T17:00:00Z'));
    pages.replace([rendered('/about', 'Second')], new Date('2026-11-29T17:00:01Z'));
    await pages.compressed();
    const br = await site.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(body(br)).toContain('<h1>Second</h1>');
    expect((await site.inject({ url: '/about' })).body).toContain('<h1>Second</h1>');
  });

  it("sends the renderer's own compressed files when nothing changes the page", async () => {
    const { site, pages } = await serve();
    const page = rendered('/', 'Home, edited');
    pages.replace([page], new Date('2026-11-29T17:00:00Z'));
    const br = await site.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.rawPayload.equals(page.br ?? Buffer.alloc(0))).toBe(true);
    const gzip = await site.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.rawPayload.equals(page.gz ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses a page the site does not have, and changes nothing then', async () => {
    const { site, pages } = await serve(SITE_URL);
    const at = new Date('2026-11-29T17:00:00Z');
    expect(() => pages.replace([rendered('/about', 'Changed'), rendered('/blog', 'New')], at)).toThrow(
      /\/blog/,
    );
    expect((await site.inject({ url: '/about' })).body).toContain('<h1>About us</h1>');
    expect((await site.inject({ url: '/sitemap.xml' })).body).not.toContain('2026-11-29');
  });
});

describe('sitemap.xml after a release', () => {
  it("dates each replaced page by its release, keeps the build's date for the others", async () => {
    const { site, pages } = await serve(SITE_URL);
    const before = await site.inject({ url: '/sitemap.xml' });
    pages.replace([rendered('/FAQ', 'Answers')], new Date('2026-11-29T17:00:00.250Z'));
    pages.replace([rendered('/', 'Home')], new Date('2026-11-30T08:30:00Z'));
    const after = await site.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    const xml = body(after);
    expect(xml).toContain(`<loc>${SITE_URL}/FAQ</loc><lastmod>2026-11-29T17:00:00Z</lastmod>`);
    expect(xml).toContain(`<loc>${SITE_URL}/</loc><lastmod>2026-11-30T08:30:00Z</lastmod>`);
    expect(xml).toContain(`<loc>${SITE_URL}/about</loc><lastmod>${BUILT_DAY}</lastmod>`);
    expect(xml).toContain(`<url><loc>${SITE_URL}/newsletter/archive</loc></url>`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers['content-type']).toMatch(/xml/);
  });
});

describe('a preview', () => {
  it('is the page, private: noindex in its head and header, never stored, its own policy', async () => {
    const { site, pages } = await serve(SITE_URL, (html) =>
      html.replace('</body>', '<script>1</script></body>'),
    );
    site.get('/preview', (_request, reply) => pages.sendPreview(reply, rendered('/FAQ', 'Draft answers')));
    const preview = await site.inject({ url: '/preview' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preview.headers.etag).toBeUndefined();
    expect(preview.body).toMatch(
      /^<!DOCTYPE html><html lang="en"><head><meta name="robots" content="noindex"\/>/,
    );
    expect(preview.body).toContain('<h1>Draft answers</h1>');
    expect(preview.body).toContain(`href="${SITE_URL}/FAQ"`);
    // The visit beacon is left out (a preview is no visit); the policy allows the page's own script.
    expect(preview.body).not.toContain('<script>1</script>');
    const live = await site.inject({ url: '/FAQ' });
    expect(preview.headers['content-security-policy']).toMatch(/^script-src 'self' 'sha256-[^ ]+'$/);
    expect(preview.headers['content-security-policy']).not.toBe(live.headers['content-security-policy']);
    // The public page is untouched.
    expect(live.body).toContain('<h1>Questions</h1>');
  });
});
