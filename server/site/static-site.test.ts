import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageStore } from './page-store.ts';
import { staticSite } from './static-site.ts';

const pageHtml = (title: string) =>
  `<!DOCTYPE html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

/** A tiny stand-in for build/client: three pages, the 404 page, an asset and a favicon. */
function makeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  const files: Record<string, string> = {
    'index.html': pageHtml('Home'),
    'about/index.html': pageHtml('About'),
    'FAQ/index.html': pageHtml('FAQ'),
    '404/index.html': pageHtml('Page not found'),
    '__spa-fallback.html': pageHtml('Loading'),
    'assets/app-Ab12Cd.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // What a case-insensitive file system (macOS, Windows) finds at "/assets/legacy-Ef34.js.BR": the .br file.
    'assets/legacy-Ef34.js.BR': 'compressed bytes',
    'assets/legacy-Ef34.js.Gz': 'compressed bytes',
    'about/INDEX.HTML': pageHtml('About'),
  };
  for (const [name, content] of Object.entries(files)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (name.endsWith('.html') || name.endsWith('.js')) {
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    }
  }
  return dir;
}

let siteDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  siteDir = makeSite();
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(staticSite, { siteDir, store: loadPageStore(siteDir), appShellPaths: ['/admin'] });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('prerendered pages', () => {
  it('serves a page at its extension-less path, with and without a trailing slash', async () => {
    for (const url of ['/about', '/about/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>About</h1>');
    }
  });

  it('tells browsers to revalidate HTML, and answers 304 when it has not changed', async () => {
    const first = await app.inject({ url: '/' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the Brotli or gzip file to clients that accept it', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(pageHtml('Home'));

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(pageHtml('Home'));

    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(pageHtml('Home'));
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('moves case variants such as /faq permanently to the real path, keeping the query', async () => {
    const lower = await app.inject({ url: '/faq' });
    expect(lower.statusCode).toBe(301);
    expect(lower.headers.location).toBe('/FAQ');
    const mixed = await app.inject({ url: '/Faq/?ref=mail' });
    expect(mixed.statusCode).toBe(301);
    expect(mixed.headers.location).toBe('/FAQ?ref=mail');
  });
});

describe('assets', () => {
  it('caches hashed assets for a year as immutable, precompressed', async () => {
    const response = await app.inject({ url: '/assets/app-Ab12Cd.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('caches other files for a day', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('not found', () => {
  it('answers unknown paths with the not-found page and status 404', async () => {
    for (const url of ['/nope', '/assets/missing.js', '/about/index.html', '/404', '/assets/']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Page not found');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers other methods on unknown paths with a short text', async () => {
    const response = await app.inject({ method: 'POST', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('over a real socket', () => {
  it('serves pages and the 404 page', async () => {
    const server = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await server.register(staticSite, { siteDir, store: loadPageStore(siteDir) });
    const address = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const page = await fetch(`${address}/about/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>About</h1>');
      const missing = await fetch(`${address}/missing`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Page not found');
    } finally {
      await server.close();
    }
  });
});

it('refuses to start without a build', () => {
  const empty = mkdtempSync(join(tmpdir(), 'empty-'));
  expect(() => loadPageStore(empty)).toThrow(/npm run build/);
});

describe('precompressed files', () => {
  it('are sent only through content negotiation, never by their own name', async () => {
    const negotiated = await app.inject({
      url: '/assets/app-Ab12Cd.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(negotiated.statusCode).toBe(200);
    expect(negotiated.headers['content-encoding']).toBe('br');
    for (const url of [
      '/assets/app-Ab12Cd.js.br',
      '/assets/app-Ab12Cd.js.gz',
      '/index.html.br',
      '/about/index.html.gz',
    ]) {
      expect((await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })).statusCode, url).toBe(
        404,
      );
    }
  });

  it('are not sent by their name in another case either (a case-insensitive file system would find them)', async () => {
    for (const url of [
      '/assets/app-Ab12Cd.js.BR',
      '/assets/legacy-Ef34.js.BR',
      '/assets/legacy-Ef34.js.Gz',
      '/about/INDEX.HTML',
      '/assets/legacy-Ef34.js.%42R',
    ]) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('compressed bytes');
    }
  });
});

describe('pages rendered in the browser', () => {
  it('answer every path under their prefix with the app shell, never indexed', async () => {
    for (const url of ['/admin', '/admin/', '/admin/leads/12', '/admin/sign-in?next=%2Fadmin']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain('<h1>Loading</h1>');
    }
  });

  it('leave other unknown paths to the not-found page, and the shell is not addressable by name', async () => {
    expect((await app.inject({ url: '/administration' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/__spa-fallback.html' })).statusCode).toBe(404);
  });
});

describe('page views and changed pages (the visits feature plugs in here)', () => {
  it('tells of a GET answered 200 or 304 on a public page, and of nothing else', async () => {
    const seen: string[] = [];
    const site = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await site.register(staticSite, {
      siteDir,
      store: loadPageStore(siteDir),
      appShellPaths: ['/admin'],
      onPageView: (request, page) => void seen.push(`${request.method} ${page.path}`),
    });
    const first = await site.inject({ url: '/about' });
    const cached = await site.inject({
      url: '/about',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    await site.inject({ url: '/?utm_source=x' });
    for (const url of [
      '/faq',
      '/admin',
      '/admin/leads',
      '/nowhere',
      '/assets/app-Ab12Cd.js',
      '/favicon.svg',
    ]) {
      await site.inject({ url });
    }
    await site.inject({ method: 'HEAD', url: '/about' });
    await site.inject({ method: 'POST', url: '/about' });
    expect(seen).toEqual(['GET /about', 'GET /about', 'GET /']);
    await site.close();
  });

  it('changes the public pages once at load, with their compressed copies, ETag and script hashes', async () => {
    const script = '<script>console.log(1)</script>';
    const site = Fastify();
    await site.register(staticSite, {
      siteDir,
      store: loadPageStore(siteDir, (html) => html.replace('</title>', `</title>${script}`)),
      appShellPaths: ['/admin'],
      pagePolicy: ({ scriptHashes }) => `script-src ${scriptHashes.join(' ')}`,
    });
    const plain = await site.inject({ url: '/about' });
    const br = await site.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    const gzip = await site.inject({ url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.body).toContain(script);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-security-policy']).toMatch(/^script-src 'sha256-/);
    expect(plain.headers.etag).not.toBe((await app.inject({ url: '/about' })).headers.etag);
    // The not-found page and the app shell are not changed.
    expect((await site.inject({ url: '/nowhere' })).body).not.toContain(script);
    expect((await site.inject({ url: '/admin' })).body).not.toContain(script);
    await site.close();
  });
});
