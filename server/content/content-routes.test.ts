import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBSITE_CONFLICT_MESSAGE, websitePreviewAddress } from '../../common/inbox-api/website-endpoints.ts';
import type { FaqContent } from '../../common/site-content/site-content.ts';
import { staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { callsAs } from '../test/team-helpers.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ContentTables } from './content-tables.ts';

/** An app with an admin (Asha) and a member (Ravi), both signed in. */
async function website(env: Record<string, string> = {}) {
  const config = testConfig(env);
  const { app } = await testApp({ config });
  const admin = await staffMember(app, config, 'asha.rao@acme.test');
  const member = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
  const as = callsAs(app, config);
  return { app, config, admin, asAdmin: as(admin.cookie), asMember: as(member.cookie), member };
}

type Call = Awaited<ReturnType<typeof website>>['asAdmin'];

async function openFaq(call: Call) {
  const response = await call('GET', '/website/pages/faq');
  expect(response.statusCode).toBe(200);
  return response.json() as { content: FaqContent; version: string };
}

const withAnswer = (faq: FaqContent, answer: string): FaqContent => ({
  ...faq,
  items: faq.items.map((item, index) => (index === 0 ? { ...item, answer: [answer] } : item)),
});

// The first call loads the page renderer (the app's server build).
describe(`the Website section on ${testDatabase}`, { timeout: 30_000 }, () => {
  it('saves a draft, refuses a save over a newer one, and names the wrong fields', async () => {
    const { asAdmin } = await website();
    const opened = await openFaq(asAdmin);
    expect(opened.version).toBe('0.0');
    const saved = await asAdmin('POST', '/website/pages/faq', {
      content: withAnswer(opened.content, 'Yes, <script>we do</script>.'),
      version: opened.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft.by).toBe('Asha Rao');

    // A second editor who opened the page before that save.
    const late = await asAdmin('POST', '/website/pages/faq', {
      content: withAnswer(opened.content, 'No.'),
      version: opened.version,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'conflict', message: WEBSITE_CONFLICT_MESSAGE });
    const reopened = await openFaq(asAdmin);
    expect(reopened.content.items[0]?.answer).toEqual(['Yes, <script>we do</script>.']);

    const wrong = await asAdmin('POST', '/website/pages/faq', {
      content: {
        ...reopened.content,
        items: reopened.content.items.map((item) => ({ ...item, answer: [] })),
      },
      version: reopened.version,
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toContain('items.2.answer');

    const pages = (await asAdmin('GET', '/website')).json();
    expect(pages.pages.find((page: { key: string }) => page.key === 'faq').draft.by).toBe('Asha Rao');
    expect(pages.pages.find((page: { key: string }) => page.key === 'home').draft).toBeNull();
    const log = (await asAdmin('GET', '/activity')).json();
    expect(log.entries[0]).toMatchObject({ action: 'website-saved', summary: 'Saved a draft of FAQ' });
  });

  it('refuses a member every Website endpoint (403 admin-only)', async () => {
    const { asMember } = await website();
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/website'],
      ['GET', '/website/pages/faq'],
      ['POST', '/website/pages/faq'],
      ['POST', '/website/publish'],
      ['GET', '/website/releases'],
      ['POST', '/website/releases/1/roll-back'],
    ];
    for (const [method, path] of calls) {
      const response = await asMember(method, path, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().error).toBe('admin-only');
    }
  });

  it('publishes the FAQ alone, lists the release, and shows the draft only to a signed-in admin', async () => {
    // The build's own pages, so that the public page can be read before and after.
    const { app, asAdmin, admin, member } = await website({ SITE_DIR: resolve('build/client') });
    const publicFaq = async () => (await app.inject({ method: 'GET', url: '/FAQ' })).body;
    const opened = await openFaq(asAdmin);
    await asAdmin('POST', '/website/pages/faq', {
      content: withAnswer(opened.content, 'Drafted answer, not public yet.'),
      version: opened.version,
    });

    // The address the editor's Preview link opens.
    expect(websitePreviewAddress('/FAQ')).toBe('/admin/preview/FAQ');
    const anonymous = await app.inject({ method: 'GET', url: '/admin/preview/FAQ' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Drafted answer');
    const asMember = await app.inject({
      method: 'GET',
      url: '/admin/preview/FAQ',
      headers: { cookie: member.cookie },
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain('Drafted answer');
    const preview = await app.inject({
      method: 'GET',
      url: '/admin/preview/FAQ',
      headers: { cookie: admin.cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Drafted answer, not public yet.');
    expect(preview.headers['x-robots-tag']).toContain('noindex');
    expect(preview.headers['cache-control']).toContain('no-store');

    expect(await publicFaq()).not.toContain('Drafted answer');
    const published = await asAdmin('POST', '/website/publish');
    expect(published.statusCode).toBe(200);
    expect(published.json().release).toMatchObject({
      id: 1,
      changed: ['faq'],
      live: true,
      rolledBackTo: null,
    });
    const rendered = await tablesOf<ContentTables>(app.storage.db)
      .selectFrom('content_release_pages')
      .select(['path', 'html'])
      .execute();
    expect(rendered.map((page) => page.path)).toEqual(['/FAQ']);
    expect(Buffer.from(rendered[0]!.html).toString()).toContain('Drafted answer, not public yet.');
    expect(await publicFaq()).toContain('Drafted answer, not public yet.');
    expect(
      (await asAdmin('GET', '/website'))
        .json()
        .pages.every((page: { draft: unknown }) => page.draft === null),
    ).toBe(true);
    expect((await openFaq(asAdmin)).version).toBe('1.0');

    const again = await asAdmin('POST', '/website/publish');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('nothing-to-publish');
    const log = (await asAdmin('GET', '/activity')).json();
    expect(log.entries[0]).toMatchObject({
      action: 'website-published',
      summary: 'Published the website: FAQ',
    });
  });

  it('serves a release another build rendered as this build renders it, after a deploy', async () => {
    const { app, config, asAdmin } = await website({ SITE_DIR: resolve('build/client') });
    const opened = await openFaq(asAdmin);
    await asAdmin('POST', '/website/pages/faq', {
      content: withAnswer(opened.content, 'Published before the deploy.'),
      version: opened.version,
    });
    expect((await asAdmin('POST', '/website/publish')).statusCode).toBe(200);
    // As the build before the deploy would have stored it: its own id, its own island script's name.
    const tables = tablesOf<ContentTables>(app.storage.db);
    await tables.updateTable('content_releases').set({ build: 'the-build-before' }).execute();
    const stored = await tables.selectFrom('content_release_pages').select('html').executeTakeFirstOrThrow();
    const stale = Buffer.from(stored.html)
      .toString()
      .replace(/island-site-[\w-]+\.js/, 'island-site-Gone1234.js');
    await tables
      .updateTable('content_release_pages')
      .set({ html: Buffer.from(stale) })
      .execute();

    // An instance of this build starts on the same database.
    const { app: deployed } = await testApp({ config });
    const faq = (await deployed.inject({ method: 'GET', url: '/FAQ' })).body;
    expect(faq).toContain('Published before the deploy.');
    expect(faq).not.toContain('Gone1234');
    const assets = [...faq.matchAll(/\/(assets\/[\w.-]+)/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(existsSync(resolve('build/client', asset)), asset).toBe(true);
    const kept = await tables.selectFrom('content_build_pages').select(['path', 'build']).execute();
    expect(kept.map((page) => page.path)).toEqual(['/FAQ']);
  });
});
