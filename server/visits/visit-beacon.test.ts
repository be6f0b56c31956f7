import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../test/manual-clock.ts';
import { testApp } from '../test/test-app.ts';
import { CHROME, FIREFOX, GOOGLEBOT, flushVisits, visit, visitFigures } from '../test/visit-requests.ts';
import { BEACON_SCRIPT, VISIT_BEACON_PATH } from './visit-beacon.ts';
import { BEACON_REFUSALS } from './visit-routes.ts';

const alice = { ip: '203.0.113.10', ua: FIREFOX };
const bob = { ip: '198.51.100.20', ua: CHROME };
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(BEACON_SCRIPT).digest('base64')}'`;

function beacon(
  app: Awaited<ReturnType<typeof testApp>>['app'],
  from: { ip: string; ua: string },
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: VISIT_BEACON_PATH,
    remoteAddress: from.ip,
    headers: {
      'user-agent': from.ua,
      'content-type': 'text/plain;charset=UTF-8',
      // What a browser sends with the site's own pages' sendBeacon (testConfig's SITE_URL).
      origin: 'https://www.acme.test',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('the beacon (VISIT_BEACON=true, behind a CDN)', () => {
  it('is tiny: at most 400 bytes with gzip', () => {
    const tag = `<script>${BEACON_SCRIPT}</script>`;
    const gzipped = gzipSync(tag, { level: 9 }).length;
    console.info(`visit beacon: ${tag.length} bytes, ${gzipped} bytes gzip`);
    expect(gzipped).toBeLessThanOrEqual(400);
  });

  it('is in every public page, allowed by its CSP hash, and counts from the beacon, not the request', async () => {
    const { app } = await testApp({ now: manualClock().now, env: { VISIT_BEACON: 'true' } });
    await flushVisits(app);
    const page = await visit(app, '/', alice, { 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(200);
    const html = gunzipSync(page.rawPayload).toString('utf8');
    expect(html).toContain(`<script>${BEACON_SCRIPT}</script></head>`);
    expect(page.headers['content-security-policy']).toContain(SCRIPT_HASH);
    expect(page.headers.etag).toBe((await visit(app, '/', alice)).headers.etag);
    // Not on the not-found page.
    const missing = await visit(app, '/nowhere', alice);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain(BEACON_SCRIPT);

    const accepted = await beacon(app, alice, ['/', 'https://www.google.com/', '?utm_source=ads']);
    expect(accepted.statusCode).toBe(204);
    await beacon(app, alice, ['/thank-you/', 'https://www.acme.test/', '']);
    await beacon(app, bob, ['/', '', '']);
    // A bot's is read and left out, as its page request would be.
    expect((await beacon(app, { ip: '192.0.2.1', ua: GOOGLEBOT }, ['/', '', ''])).statusCode).toBe(204);
    // Not counted, and told why: another site's post, a path that is no public page, a body that is no beacon.
    const refused = async (body: unknown, headers: Record<string, string> = {}) => {
      const response = await beacon(app, bob, body, headers);
      return [response.statusCode, response.body.trim()];
    };
    // Another site's page, a look-alike origin, another scheme, and no Origin at all (a script).
    for (const origin of [
      'https://evil.example',
      'https://www.acme.test.evil.example',
      'http://www.acme.test',
    ]) {
      expect(await refused(['/', '', ''], { origin })).toEqual([...BEACON_REFUSALS.crossSite]);
    }
    const noOrigin = await app.inject({
      method: 'POST',
      url: VISIT_BEACON_PATH,
      remoteAddress: '192.0.2.9',
      headers: { 'user-agent': CHROME, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(['/', '', '']),
    });
    expect([noOrigin.statusCode, noOrigin.body.trim()]).toEqual([...BEACON_REFUSALS.crossSite]);
    expect(await refused(['/admin', '', ''])).toEqual([...BEACON_REFUSALS.unknownPage]);
    expect(await refused(['/no-such-page', '', ''])).toEqual([...BEACON_REFUSALS.unknownPage]);
    expect(await refused('{not json')).toEqual([...BEACON_REFUSALS.malformed]);
    expect(await refused({ path: '/' })).toEqual([...BEACON_REFUSALS.malformed]);
    expect((await beacon(app, bob, ['/', 'x'.repeat(3000), ''])).statusCode).toBe(413);
    await flushVisits(app);

    const { days, pages, sources } = await visitFigures(app);
    expect(days.map(({ views, visitors }) => [views, visitors])).toEqual([[3, 2]]);
    expect(pages.map(({ path, views, visitors }) => [path, views, visitors])).toEqual([
      ['/', 2, 2],
      ['/thank-you', 1, 1],
    ]);
    expect(sources.map(({ path, referrer, utm_source }) => [path, referrer, utm_source])).toEqual([
      ['/', 'direct', ''],
      ['/', 'google.com', 'ads'],
      ['/thank-you', 'internal', ''],
    ]);
  });

  it('is not there by default: pages unchanged, and /api/visit answers 404', async () => {
    const { app } = await testApp();
    const page = await visit(app, '/', alice);
    expect(page.body).not.toContain('sendBeacon');
    expect(page.headers['content-security-policy']).not.toContain(SCRIPT_HASH);
    expect((await beacon(app, alice, ['/', '', ''])).statusCode).toBe(404);
  });
});
