import { describe, expect, it, vi } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { createArchivePageCache } from './archive-page-cache.ts';
import * as archivePages from './archive-pages.tsx';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

// The renderers, counted (they still render): a page read again unchanged is not rendered again.
vi.mock('./archive-pages.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof archivePages>();
  return {
    ...original,
    renderArchivedCampaign: vi.fn(original.renderArchivedCampaign),
    renderArchiveIndex: vi.fn(original.renderArchiveIndex),
  };
});

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function seedCampaign(app: App, subject: string, slug: string) {
  await tablesOf<NewsletterTables>(app.storage.db)
    .insertInto('campaigns')
    .values({
      subject,
      preheader: `About ${subject}`,
      body_markdown: `# ${subject}\n\nHello **readers**.`,
      status: 'sent',
      publish_in_archive: 1,
      slug,
      created_by: 'priya@acme.test',
      created_at: '2026-11-01T06:00:00.000Z',
      updated_at: '2026-11-01T06:00:00.000Z',
      version: 3,
      started_at: '2026-11-20T05:00:00.000Z',
      finished_at: '2026-11-20T06:00:00.000Z',
    })
    .execute();
}

const get = (app: App, url: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });

describe('the archive’s pages, rendered once per version', () => {
  it('renders a page again only when it changes: an edit is shown at once, an unpublished one is gone', async () => {
    const { app } = await testApp();
    await seedCampaign(app, 'November notes', 'november-notes-1');
    const renders = vi.mocked(archivePages.renderArchivedCampaign);
    const indexRenders = vi.mocked(archivePages.renderArchiveIndex);
    renders.mockClear();
    indexRenders.mockClear();

    const first = await get(app, '/newsletter/archive/november-notes-1');
    const second = await get(app, '/newsletter/archive/november-notes-1');
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(second.headers.etag).toBe(first.headers.etag);
    await get(app, '/newsletter/archive');
    await get(app, '/newsletter/archive');
    expect(renders).toHaveBeenCalledTimes(1);
    expect(indexRenders).toHaveBeenCalledTimes(1);

    // Edited (even in place, in the same millisecond, without a new version): shown on the next request.
    await tablesOf<NewsletterTables>(app.storage.db)
      .updateTable('campaigns')
      .set({ body_markdown: '# November notes\n\nA corrected paragraph.' })
      .execute();
    const edited = await app.inject({ method: 'GET', url: '/newsletter/archive/november-notes-1' });
    expect(edited.body).toContain('A corrected paragraph.');
    expect(edited.headers.etag).not.toBe(first.headers.etag);
    expect(renders).toHaveBeenCalledTimes(2);

    // Unpublished: the kept page is never served again.
    await tablesOf<NewsletterTables>(app.storage.db)
      .updateTable('campaigns')
      .set({ publish_in_archive: 0 })
      .execute();
    expect((await get(app, '/newsletter/archive/november-notes-1')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/newsletter/archive' })).body).not.toContain(
      'November notes',
    );
  });

  it('keeps a bounded number of pages, the least recently read dropped first', () => {
    const cache = createArchivePageCache(3);
    const render = vi.fn((text: string) => `<p>${text}</p>`);
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.page(key, key, render);
    expect(cache.size).toBe(3);
    cache.page('e', 'e', render);
    expect(render).toHaveBeenCalledTimes(5);
    cache.page('a', 'a', render);
    expect(render).toHaveBeenCalledTimes(6);
  });
});
