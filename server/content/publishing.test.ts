import { afterEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../common/site-content/site-content.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { PageRenderError, type PageRenderer, type RenderedPage } from '../site/page-renderer.ts';
import type { SitePages } from '../site/site-pages.ts';
import { lazyRenderer } from './content-renderer.ts';
import { createContentStore } from './content-store.ts';
import { createPublishing, pathsToRender } from './publishing.ts';
import { createSiteReleases } from './site-releases.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** The build's renderer (loaded once for the file), for its paths and its default content. */
const real = await lazyRenderer()();

/** A renderer that renders nothing for real (fast): each page's html names its path and the FAQ's first answer. */
function fakeRenderer(failing?: string): PageRenderer & { rendered: string[] } {
  const rendered: string[] = [];
  return {
    paths: real.paths,
    defaultContent: real.defaultContent,
    rendered,
    async render(content: SiteContent, path: string): Promise<RenderedPage> {
      if (path === failing) throw new PageRenderError(path, 'the banner has no art');
      rendered.push(path);
      const html = Buffer.from(`${path} ${content.faq.items[0]?.answer[0] ?? ''}`);
      return { path, file: `${path}.html`, html, gz: Buffer.from('gz') };
    },
  };
}

/** The build every instance of these tests runs (another build: release-builds.test.ts). */
const build = async () => 'this-build';

/** Publishing on a fresh database, with a site that records what it was told to serve. */
async function publishing(renderer: PageRenderer) {
  const stores = await openStores(testConfig());
  opened.push(stores);
  const served: { at: Date; paths: string[]; html: string[] }[] = [];
  const sitePages: SitePages = {
    replace: (pages, at) =>
      void served.push({
        at,
        paths: pages.map((page) => page.path),
        html: pages.map((page) => page.html.toString()),
      }),
    sendPreview: (reply) => reply,
  };
  const store = createContentStore(stores.storage);
  const releases = createSiteReleases({
    store,
    sitePages,
    log: { info: () => undefined, error: () => undefined },
    renderer: async () => renderer,
    build,
  });
  const publisher = createPublishing({
    storage: stores.storage,
    store,
    renderer: async () => renderer,
    build,
    releases,
  });
  let clock = Date.parse('2026-11-29T10:00:00Z');
  const now = () => new Date((clock += 60_000));
  /** Saves the FAQ's first answer as a draft. */
  const draftAnswer = async (answer: string) => {
    const faq = (await store.drafts()).find((draft) => draft.key === 'faq')?.content as
      SiteContent['faq'] | undefined;
    const base = faq ?? (await publisher.live()).faq;
    const content = {
      ...base,
      items: base.items.map((item, i) => (i === 0 ? { ...item, answer: [answer] } : item)),
    };
    const saved = await store.saveDraft(
      { key: 'faq', content, by: 'asha.rao@acme.test', at: now(), version: await store.versionOf('faq') },
      async () => undefined,
    );
    expect(saved).not.toBe('conflict');
  };
  return { stores, store, releases, publisher, served, now, draftAnswer, sitePages };
}

describe('the pages a change renders', () => {
  it('renders only the pages of the parts that changed; company details render every page', () => {
    expect(pathsToRender(['faq'], real.paths)).toEqual(['/FAQ']);
    expect(pathsToRender(['services'], real.paths).sort()).toEqual(['/', '/services']);
    expect(pathsToRender(['company', 'faq'], real.paths)).toEqual(real.paths);
    expect(real.paths).toContain('/termsandconditions');
  });
});

describe(`publishing on ${testDatabase}`, { timeout: 30_000 }, () => {
  it('publishes nothing when a page fails to render: no release, the draft and the old pages stay', async () => {
    const renderer = fakeRenderer('/FAQ');
    const { store, publisher, served, draftAnswer } = await publishing(renderer);
    await draftAnswer('A new answer.');
    await expect(publisher.publish('asha.rao@acme.test', () => new Date())).rejects.toMatchObject({
      statusCode: 409,
      code: 'render-failed',
      message: expect.stringMatching(/FAQ \(\/FAQ\).*the banner has no art/),
    });
    expect(await store.releases()).toEqual([]);
    expect((await store.drafts()).map((draft) => draft.key)).toEqual(['faq']);
    expect(served).toEqual([]);
  });

  it('renders the changed page only, serves it at once, and rolls back as a new release', async () => {
    const renderer = fakeRenderer();
    const { store, publisher, served, draftAnswer, now } = await publishing(renderer);
    await draftAnswer('First answer.');
    const first = await publisher.publish('asha.rao@acme.test', now);
    expect(renderer.rendered).toEqual(['/FAQ']);
    expect(served).toEqual([
      { at: new Date(first.publishedAt), paths: ['/FAQ'], html: ['/FAQ First answer.'] },
    ]);
    await draftAnswer('Second answer.');
    const second = await publisher.publish('ravi.kumar@acme.test', now);
    expect(second).toMatchObject({ id: first.id + 1, changed: ['faq'] });

    const back = await publisher.rollBack(first.id, 'asha.rao@acme.test', now);
    expect(back).toMatchObject({ id: second.id + 1, changed: ['faq'], rolledBackTo: first.id });
    expect(served.at(-1)?.html).toEqual(['/FAQ First answer.']);
    expect((await store.releases()).map((release) => release.id)).toEqual([first.id, second.id, back.id]);
    expect((await publisher.live()).faq.items[0]?.answer).toEqual(['First answer.']);
  });

  it('applies releases in ascending order on another instance, never an older one after a newer', async () => {
    const { store, publisher, draftAnswer, now, stores } = await publishing(fakeRenderer());
    for (const answer of ['One.', 'Two.', 'Three.']) {
      await draftAnswer(answer);
      await publisher.publish('asha.rao@acme.test', now);
    }
    // Another instance: the same database, its own pages.
    const elsewhere: string[] = [];
    const other = createSiteReleases({
      store: createContentStore(stores.storage),
      sitePages: {
        replace: (pages) => void elsewhere.push(...pages.map((page) => page.html.toString())),
        sendPreview: (reply) => reply,
      },
      log: { info: () => undefined, error: () => undefined },
      renderer: () => Promise.reject(new Error('the same build: nothing renders')),
      build,
    });
    await other.applyNewer();
    expect(elsewhere).toEqual(['/FAQ One.', '/FAQ Two.', '/FAQ Three.']);
    const [older] = await store.releasesAfter(0);
    await other.applyPublished(older!);
    await other.applyNewer();
    expect(elsewhere).toHaveLength(3);

    // A new instance starts with the newest page of each path.
    const started: string[] = [];
    const fresh = createSiteReleases({
      store: createContentStore(stores.storage),
      sitePages: {
        replace: (pages) => void started.push(...pages.map((page) => page.html.toString())),
        sendPreview: (reply) => reply,
      },
      log: { info: () => undefined, error: () => undefined },
      renderer: () => Promise.reject(new Error('the same build: nothing renders')),
      build,
    });
    await fresh.load();
    expect(started).toEqual(['/FAQ Three.']);
    expect(fresh.applied()).toBe(3);
  });

  it('runs one publish at a time: of two at once, the second finds nothing left to publish', async () => {
    const { store, publisher, draftAnswer, now } = await publishing(fakeRenderer());
    await draftAnswer('Raced.');
    const results = await Promise.allSettled([
      publisher.publish('asha.rao@acme.test', now),
      publisher.publish('ravi.kumar@acme.test', now),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect(results[1]).toMatchObject({ reason: { code: 'nothing-to-publish' } });
    expect(await store.releases()).toHaveLength(1);
  });
});
