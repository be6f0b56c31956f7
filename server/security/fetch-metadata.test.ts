import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';

/** What the browser sends when another site links to the address and the person follows the link. */
const crossSiteLink = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
};
/** What it sends for another site's <img>, <script> or fetch(). */
const crossSiteEmbed = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'image',
};

/** The app with the inbox's app shell built, so /admin pages are answered. */
async function appWithInbox(options: Parameters<typeof testApp>[0] = {}) {
  const config = testConfig();
  writeFileSync(
    join(config.siteDir, '__spa-fallback.html'),
    '<!DOCTYPE html><html><body>Inbox</body></html>',
  );
  return testApp({ ...options, config });
}

describe('the Fetch Metadata policy under /admin', () => {
  it('never starts a CSV export for another site, not even by a link: 403, and no export in the Activity log', async () => {
    const { app, config } = await appWithInbox();
    const staff = await staffMember(app, config);
    for (const path of ['/leads/export.csv?view=all', '/subscribers/export.csv?view=all']) {
      for (const headers of [
        crossSiteLink,
        { ...crossSiteLink, 'sec-fetch-site': 'same-site' },
        crossSiteEmbed,
      ]) {
        const refused = await api(app, config, 'GET', path, { cookie: staff.cookie, headers });
        expect(refused.statusCode, `${path} ${headers['sec-fetch-site']}`).toBe(403);
        expect(refused.json()).toMatchObject({ error: 'cross-site' });
        expect(refused.headers['content-type']).not.toContain('text/csv');
      }
    }
    const exports = () =>
      tablesOf<AccountTables>(app.storage.db)
        .selectFrom('admin_activity')
        .select('actor')
        .where('action', '=', 'export')
        .execute();
    expect(await exports()).toEqual([]);

    // The inbox's own download link, an address typed in, and a client without the headers still export.
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ]) {
      const csv = await api(app, config, 'GET', '/leads/export.csv?view=all', {
        cookie: staff.cookie,
        headers,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
    }
    const curl = await app.inject({
      url: '/admin/api/leads/export.csv?view=all',
      headers: { cookie: staff.cookie },
    });
    expect(curl.statusCode).toBe(200);
    expect(await exports()).toHaveLength(3);
  });

  it('lets another site link to an inbox page, but not embed or fetch one', async () => {
    const { app } = await appWithInbox();
    for (const url of ['/admin', '/admin/sign-in', '/admin/leads/1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const linked = await app.inject({ method, url, headers: crossSiteLink });
        expect(linked.statusCode, `${method} ${url} by a link`).toBe(200);
        const embedded = await app.inject({ method, url, headers: crossSiteEmbed });
        expect(embedded.statusCode, `${method} ${url} embedded`).toBe(403);
        const framed = await app.inject({
          method,
          url,
          headers: { ...crossSiteLink, 'sec-fetch-dest': 'iframe' },
        });
        expect(framed.statusCode, `${method} ${url} in a frame`).toBe(403);
      }
    }
    const refused = await app.inject({
      url: '/admin',
      headers: { ...crossSiteEmbed, 'sec-fetch-site': 'same-site' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('text/plain');
    expect(refused.body).toContain('Open the inbox from its own address');
    expect(refused.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await app.inject({ url: '/admin', headers: { 'sec-fetch-site': 'same-origin' } })).statusCode,
    ).toBe(200);
    expect((await app.inject({ url: '/admin' })).statusCode).toBe(200);
  });

  it('refuses another site’s request to every route under /admin, pages and API alike', async () => {
    const routes: RouteOptions[] = [];
    const { app, config } = await appWithInbox({ onRoute: (route) => routes.push(route) });
    const staff = await staffMember(app, config);
    const admin = routes.filter((route) => route.url === '/admin' || route.url.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThan(20);
    for (const route of admin) {
      for (const method of [route.method].flat()) {
        const url = route.url.replace(':id', '1').replace('*', 'anything');
        const reply = await app.inject({
          method,
          url,
          headers: { ...crossSiteEmbed, cookie: staff.cookie, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
        });
        expect(reply.statusCode, `${method} ${route.url}`).toBe(403);
      }
    }
  });

  it('leaves the public site alone: another site may embed and link to its pages', async () => {
    const { app } = await appWithInbox();
    for (const url of ['/', '/thank-you', '/administrator']) {
      expect((await app.inject({ url, headers: crossSiteEmbed })).statusCode, url).not.toBe(403);
      expect((await app.inject({ url, headers: crossSiteLink })).statusCode, url).not.toBe(403);
    }
  });
});
