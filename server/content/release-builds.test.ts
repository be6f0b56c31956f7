import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../common/site-content/site-content.ts';
import type { WebsitePageKey } from '../../common/site-content/website-pages.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { PageRenderError, type PageRenderer, type RenderedPage } from '../site/page-renderer.ts';
import { buildIdOf, lazyRenderer } from './content-renderer.ts';
import { type ContentStore, createContentStore } from './content-store.ts';
import { createSiteReleases } from './site-releases.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** The build's own renderer and id: what an instance of this build renders with. */
const real = await lazyRenderer()();
const thisBuild = await buildIdOf();

/** What an older build rendered: a page naming an island script this build does not have. */
const STALE = '<script type="module" src="/assets/island-site-OldBuild0.js"></script>';
const stalePage = (path: string, words: string): RenderedPage => ({
  path,
  file: `${path}.html`,
  html: Buffer.from(`<html><head>${STALE}</head><body>${words}</body></html>`),
});

/** The build's content with the FAQ's first answer changed. */
function withAnswer(answer: string): SiteContent {
  const faq = real.defaultContent.faq;
  return {
    ...real.defaultContent,
    faq: { ...faq, items: faq.items.map((item, i) => (i === 0 ? { ...item, answer: [answer] } : item)) },
  };
}

let minute = 0;
/** Stores a release as an instance of `build` would have (its pages as that build rendered them). */
async function storeRelease(store: ContentStore, build: string | null, answer: string, paths = ['/FAQ']) {
  const changed: WebsitePageKey[] = ['faq'];
  return store.storeRelease(
    {
      content: withAnswer(answer),
      changed,
      by: 'asha.rao@acme.test',
      at: new Date(Date.parse('2026-11-29T10:00:00Z') + ++minute * 60_000),
      rolledBackTo: null,
      pages: paths.map((path) => stalePage(path, answer)),
      build,
      published: [],
    },
    async () => undefined,
  );
}

/** A renderer that only records: each page's html names its path and the FAQ's first answer. */
function fakeRenderer(options: { failing?: string; gate?: Promise<void>; entered?: () => void } = {}) {
  const rendered: string[] = [];
  const renderer: PageRenderer = {
    paths: real.paths,
    defaultContent: real.defaultContent,
    async render(content, path) {
      options.entered?.();
      await options.gate;
      if (path === options.failing) throw new PageRenderError(path, 'the banner has no art');
      rendered.push(path);
      return { path, file: `${path}.html`, html: Buffer.from(`${path} ${content.faq.items[0]?.answer[0]}`) };
    },
  };
  return { renderer, rendered };
}

/** An instance of `build` on the database: what it serves, in order, and what it logs as errors. */
async function instance(
  build: string,
  renderer: PageRenderer,
  stores?: Awaited<ReturnType<typeof openStores>>,
) {
  const opened_ = stores ?? (await openStores(testConfig()));
  if (!stores) opened.push(opened_);
  const store = createContentStore(opened_.storage);
  const served: { path: string; html: string }[] = [];
  const errors: string[] = [];
  const releases = createSiteReleases({
    store,
    sitePages: {
      replace: (pages) =>
        void served.push(...pages.map((page) => ({ path: page.path, html: page.html.toString() }))),
      sendPreview: (reply) => reply,
    },
    log: {
      info: () => undefined,
      error: (_details: unknown, message?: string) => void errors.push(String(message)),
    },
    renderer: async () => renderer,
    build: async () => build,
  });
  return { stores: opened_, store, releases, served, errors };
}

describe(`releases rendered by another build, on ${testDatabase}`, { timeout: 30_000 }, () => {
  it('renders them again at start with this build, so the page names this build’s scripts', async () => {
    const { store, releases, served, stores } = await instance(thisBuild, real);
    await storeRelease(store, 'an-older-build', 'Answered before the deploy.');
    await storeRelease(store, null, 'Answered before builds were recorded.', ['/about']);
    await releases.load();
    expect(served.map((page) => page.path)).toEqual(['/FAQ', '/about']);
    const faq = served[0]!.html;
    expect(faq).toContain('Answered before the deploy.');
    expect(faq).not.toContain('OldBuild0');
    // Its styles are inline; its scripts and images are this build's files.
    const assets = [...faq.matchAll(/\/(assets\/[\w.-]+)/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(existsSync(join('build', 'client', asset)), asset).toBe(true);

    // A release this build rendered is served as stored: the renderer is not asked.
    const spy = fakeRenderer();
    const same = await instance(thisBuild, spy.renderer, stores);
    await storeRelease(store, thisBuild, 'Answered after the deploy.');
    await releases.applyNewer();
    expect(served.at(-1)?.html).toContain(STALE); // as stored, byte for byte
    await same.releases.load();
    // The FAQ's is this build's; the about page, rendered again by the first instance, was kept for it.
    expect(spy.rendered).toEqual([]);
    expect(same.served.map((page) => page.path)).toEqual(['/about', '/FAQ']);
    expect(same.served.at(-1)?.html).toContain('Answered after the deploy.');
  });

  it('applies mixed builds’ releases in order, a render never letting a newer one pass', async () => {
    const { store, stores } = await instance('new', fakeRenderer().renderer);
    await storeRelease(store, 'old', 'One.');
    await storeRelease(store, 'new', 'Two.');
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let entered: () => void = () => undefined;
    const rendering = new Promise<void>((resolve) => (entered = resolve));
    const slow = fakeRenderer({ gate, entered });
    const other = await instance('new', slow.renderer, stores);
    const job = other.releases.applyNewer();
    const third = await storeRelease(store, 'new', 'Three.');
    const publish = other.releases.applyPublished({
      ...third,
      pages: [stalePage('/FAQ', 'Three.')],
      build: 'new',
    });
    await rendering;
    expect(other.served).toEqual([]); // release 1 is still rendering: nothing newer is served before it
    open();
    await Promise.all([job, publish]);
    expect(other.served.map((page) => page.html)).toEqual([
      '/FAQ One.',
      expect.stringContaining('Two.'),
      expect.stringContaining('Three.'),
    ]);
    expect(slow.rendered).toEqual(['/FAQ']);
    expect(other.releases.applied()).toBe(third.id);
  });

  it('keeps the build’s page for a path this build cannot render at start, serves and keeps the rest', async () => {
    const { store, stores } = await instance('new', fakeRenderer().renderer);
    await storeRelease(store, 'old', 'Both.', ['/FAQ', '/about']);
    const failing = await instance('new', fakeRenderer({ failing: '/FAQ' }).renderer, stores);
    await failing.releases.load();
    expect(failing.served).toEqual([{ path: '/about', html: '/about Both.' }]);
    expect(failing.errors).toEqual(['a page of a release could not be rendered']);
    expect(failing.releases.applied()).toBe(1);

    // The next instance of the build serves the page kept for it and renders only the one that failed.
    const next = fakeRenderer();
    const after = await instance('new', next.renderer, stores);
    await after.releases.load();
    expect(next.rendered).toEqual(['/FAQ']);
    expect(after.served).toEqual([
      { path: '/about', html: '/about Both.' },
      { path: '/FAQ', html: '/FAQ Both.' },
    ]);
  });
});
