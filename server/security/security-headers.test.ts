import { createHash } from 'node:crypto';
import { Agent, get as httpGet, type IncomingMessage } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipart, fetchHeaders, validQuote } from '../test/form-request.ts';
import { parseRawAnswer, rawRequestText, sendRaw } from '../test/raw-socket.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig } from '../test/test-app.ts';

const INLINE_SCRIPT = 'window.__ready = true;';
const inlineHash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;

/** The test site, plus a page with an inline script and a hashed asset. */
async function appWithSite(env: Record<string, string> = {}) {
  const dir = tempDir();
  const site = fakeSite(dir);
  mkdirSync(join(site, 'about'), { recursive: true });
  writeFileSync(
    join(site, 'about', 'index.html'),
    `<!DOCTYPE html><html><body>About<script>${INLINE_SCRIPT}</script><script type="application/ld+json">{}</script></body></html>`,
  );
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'assets', 'app-Xy12.js'), 'export {};');
  writeFileSync(join(site, '__spa-fallback.html'), '<!DOCTYPE html><html><body>Loading</body></html>');
  return testApp({ config: testConfig({ SITE_DIR: site, ...env }, dir) });
}

/** The headers of every answer; COOP only on the private pages' (`where: 'private'`). */
function expectSecurityHeaders(
  headers: Record<string, unknown>,
  what: string,
  where: 'public' | 'private' = 'public',
) {
  expect(headers['strict-transport-security'], what).toMatch(/max-age=(\d+)/);
  const maxAge = Number(/max-age=(\d+)/.exec(String(headers['strict-transport-security']))?.[1]);
  expect(maxAge, what).toBeGreaterThanOrEqual(31_536_000);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe(where === 'private' ? 'same-origin' : undefined);
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\)/);
  // Pages allow the site's own resources; everything else may load nothing at all.
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toMatch(/^default-src '(self|none)'/);
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp, what).toContain(directive);
  }
  expect(csp, what).not.toContain('unsafe-inline');
}

describe('security headers', () => {
  it('are on pages, assets, the 404 page and API replies', async () => {
    const { app } = await appWithSite();
    const body = await multipart(validQuote);
    const responses = {
      page: await app.inject({ url: '/about' }),
      asset: await app.inject({ url: '/assets/app-Xy12.js' }),
      notFound: await app.inject({ url: '/missing' }),
      apiSuccess: await app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: body.payload,
        headers: { ...fetchHeaders, ...body.headers },
      }),
      apiRefused: await app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    };
    expect(responses.page.statusCode).toBe(200);
    expect(responses.asset.statusCode).toBe(200);
    expect(responses.notFound.statusCode).toBe(404);
    expect(responses.apiSuccess.body).toBe('success');
    expect(responses.apiRefused.statusCode).toBe(415);
    for (const [what, response] of Object.entries(responses)) expectSecurityHeaders(response.headers, what);
  });

  it('keep COOP on every answer under /admin, pages, API and errors alike, and leave it off the public site', async () => {
    const { app } = await appWithSite();
    const privateAnswers = [
      ['GET', '/admin', 200],
      ['GET', '/admin/leads/12', 200],
      ['GET', '/admin//sign-in', 200],
      ['GET', '/admin/api/leads', 401],
      ['POST', '/admin/api/sign-in/options', 415],
      ['DELETE', '/admin/api/nothing-here', 401],
      ['OPTIONS', '/admin/api/leads', 404],
      ['GET', '/admin/%zz', 400],
      ['GET', '/%61dmin/leads', 200],
    ] as const;
    for (const [method, url, status] of privateAnswers) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? 'x' : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expectSecurityHeaders(response.headers, `${method} ${url}`, 'private');
      expect(response.headers['x-robots-tag'], `${method} ${url}`).toBe('noindex, nofollow');
    }
    for (const url of [
      '/',
      '/about',
      '/about?from=/admin',
      '/missing',
      '/administrator',
      '/assets/app-Xy12.js',
    ]) {
      const response = await app.inject({ url });
      expectSecurityHeaders(response.headers, url);
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('lets a page run exactly its own inline scripts, by hash', async () => {
    const { app } = await appWithSite();
    const page = await app.inject({ url: '/about' });
    const scriptSrc = String(page.headers['content-security-policy'])
      .split('; ')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${inlineHash}`);

    const asset = await app.inject({ url: '/assets/app-Xy12.js' });
    expect(asset.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(asset.headers['content-security-policy']).not.toContain('script-src');
  });

  it('lets the forms post to an external quote endpoint when QUOTE_ENDPOINT names one', async () => {
    const { app } = await appWithSite({ QUOTE_ENDPOINT: 'https://forms.acme.test/api/quote' });
    const page = await app.inject({ url: '/about' });
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://forms.acme.test");
  });

  it('are on the answers Fastify and the static files give themselves, each a plain message that echoes nothing', async () => {
    const { app } = await appWithSite();
    for (const [url, status] of [
      ['/%E0%A4%A<script>', 400],
      ['/%', 400],
      ['/assets/%00<b>', 403],
      ['/assets/..%5c..%5cetc%5cpasswd', 403],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expectSecurityHeaders(response.headers, url);
      expect(response.body, url).not.toMatch(/script|%|assets|passwd|FST_/);
    }
  });

  it("are on Node's own refusals of a request it cannot parse (400, 431), in plain text, closing the connection", async () => {
    const { app } = await appWithSite();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    for (const [what, request, status, text] of [
      [
        'a garbage request line',
        'GARBAGE <script>\r\n\r\n',
        400,
        'Bad request: this request cannot be read.\n',
      ],
      [
        'a target that is neither a path nor an absolute URL',
        'GET www.acme.test/newsletter/unsubscribe?token=S3cret HTTP/1.1\r\nHost: www.acme.test\r\n\r\n',
        400,
        'Bad request: this request cannot be read.\n',
      ],
      [
        'an oversized header',
        `GET / HTTP/1.1\r\nHost: www.acme.test\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'Request header fields too large: send fewer or shorter headers (cookies, say).\n',
      ],
    ] as const) {
      const answer = parseRawAnswer(await sendRaw(port, request));
      expect(answer.status, what).toBe(status);
      expect(answer.headers['content-type'], what).toBe('text/plain; charset=utf-8');
      expect(answer.headers.connection, what).toBe('close');
      expect(answer.headers['cache-control'], what).toBe('no-store');
      expectSecurityHeaders(answer.headers, what);
      expect(answer.body, what).toBe(text);
      expect(Number(answer.headers['content-length']), what).toBe(Buffer.byteLength(text));
    }
    // The server goes on serving.
    expect(parseRawAnswer(await sendRaw(port, rawRequestText('GET', '/about'))).status).toBe(200);
  });

  it('are on the 503 of a server that is shutting down', async () => {
    const { app } = await appWithSite();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    // A connection already open when the shutdown starts is still read, for a moment, and answered 503.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<IncomingMessage & { text: string }>((resolve, reject) => {
        const request = httpGet({ host: '127.0.0.1', port, path: '/about', agent }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk));
          response.on('end', () => resolve(Object.assign(response, { text })));
        });
        request.on('error', reject);
      });
    expect((await get()).statusCode).toBe(200);
    const closing = app.close();
    const response = await get();
    await closing;
    agent.destroy();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expectSecurityHeaders(response.headers, 'the 503 while closing');
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(response.text).toBe('The server is restarting. Please try again in a moment.\n');
  });
});
