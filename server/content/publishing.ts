import type { Transaction } from 'kysely';
import { type SiteContent, siteContentSchema } from '../../common/site-content/site-content.ts';
import { WEBSITE_PAGES, type WebsitePageKey } from '../../common/site-content/website-pages.ts';
import { recordActivity } from '../accounts/activity-log.ts';
import { ApiProblem } from '../accounts/api-problem.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { PageRenderError, type PageRenderer, type RenderedPage } from '../site/page-renderer.ts';
import type { ContentStore, Draft, StoredRelease } from './content-store.ts';
import type { RendererLoader } from './content-renderer.ts';
import type { SiteReleases } from './site-releases.ts';
import { NOTHING_TO_PUBLISH_MESSAGE, renderFailedMessage } from '../../common/inbox-api/website-endpoints.ts';

/** The lock one publish (or roll back) holds across instances, from reading the drafts to storing. */
const PUBLISH_LOCK = 'content-publish';

const pageNamed = (key: WebsitePageKey) => WEBSITE_PAGES.find((page) => page.key === key)?.name ?? key;

/** The pages a change of these parts renders again, in the renderer's order (company details: every page). */
export function pathsToRender(changed: readonly WebsitePageKey[], every: readonly string[]): string[] {
  const wanted = new Set<string>();
  for (const key of changed) {
    const page = WEBSITE_PAGES.find((candidate) => candidate.key === key);
    const paths = page?.paths ?? [];
    for (const path of paths === 'every-page' ? every : paths) wanted.add(path);
  }
  return [
    ...every.filter((path) => wanted.has(path)),
    ...[...wanted].filter((path) => !every.includes(path)),
  ];
}

/** The parts of `next` that differ from `live`. */
function changedKeys(live: SiteContent, next: SiteContent): WebsitePageKey[] {
  return WEBSITE_PAGES.map((page) => page.key).filter(
    (key) => JSON.stringify(live[key]) !== JSON.stringify(next[key]),
  );
}

/** The name of the page a public path shows, for a message ("FAQ", or the path). */
function nameOfPath(path: string): string {
  const page = WEBSITE_PAGES.find(
    (candidate) => candidate.paths !== 'every-page' && candidate.paths[0] === path,
  );
  return page ? page.name : path;
}

/** Renders every page first: one failure and nothing is stored (409 render-failed, naming it). */
async function renderAll(renderer: PageRenderer, content: SiteContent, paths: readonly string[]) {
  const pages: RenderedPage[] = [];
  for (const path of paths) {
    try {
      pages.push(await renderer.render(content, path));
    } catch (error) {
      const reason =
        error instanceof PageRenderError
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
      throw new ApiProblem(409, 'render-failed', renderFailedMessage(nameOfPath(path), path, reason));
    }
  }
  return pages;
}

export interface PublishingOptions {
  storage: Pick<Storage, 'exclusively'>;
  store: ContentStore;
  renderer: RendererLoader;
  /** This build's id, stored with the pages it renders (content-renderer.ts). */
  build: () => Promise<string | undefined>;
  releases: SiteReleases;
}

/** One at a time across instances (a lock of the database) and in this process (SQLite lets every caller in). */
function oneAtATime(storage: Pick<Storage, 'exclusively'>) {
  let tail: Promise<unknown> = Promise.resolve();
  return async function exclusively<T>(task: () => Promise<T>): Promise<T> {
    const run = tail
      .catch(() => undefined)
      .then(() => storage.exclusively(PUBLISH_LOCK, task, { wait: true }));
    tail = run;
    return (await run) as T;
  };
}

/** Renders, stores (one transaction, with its activity line) and applies here a release. */
async function release(
  { store, renderer, build, releases }: Omit<PublishingOptions, 'storage'>,
  next: SiteContent,
  changed: WebsitePageKey[],
  made: { by: string; at: Date; rolledBackTo: number | null; published: Draft[]; summary: string },
): Promise<StoredRelease> {
  const [loaded, builtBy] = await Promise.all([renderer(), build()]);
  const pages = await renderAll(loaded, next, pathsToRender(changed, loaded.paths));
  const action =
    made.rolledBackTo === null ? ('website-published' as const) : ('website-rolled-back' as const);
  const { by, at, rolledBackTo, published } = made;
  const stored = await store.storeRelease(
    { content: next, changed, by, at, rolledBackTo, pages, build: builtBy ?? null, published },
    (trx: Transaction<Database>) => recordActivity(trx, { actor: by, action, summary: made.summary }, at),
  );
  const applied = { ...stored, pages, build: builtBy ?? null };
  await releases.applyPublished(applied);
  return applied;
}

/** Publishing and rolling back: one at a time across instances, rendered before anything is stored. */
export function createPublishing(options: PublishingOptions) {
  const { store, renderer } = options;
  const exclusively = oneAtATime(options.storage);

  /** The live content: the newest release's, else the build's. */
  async function live(): Promise<SiteContent> {
    return (await store.newest())?.content ?? (await renderer()).defaultContent;
  }

  return {
    live,

    /** Every saved draft over the live content, as one release of the pages it changes. */
    publish: (by: string, at: () => Date) =>
      exclusively(async () => {
        const current = await live();
        const drafts = await store.drafts();
        const merged: Record<string, unknown> = { ...current };
        for (const draft of drafts) merged[draft.key] = draft.content;
        const checked = siteContentSchema.safeParse(merged);
        if (!checked.success) {
          const key = String(checked.error.issues[0]?.path[0] ?? '') as WebsitePageKey;
          throw new ApiProblem(
            409,
            'render-failed',
            renderFailedMessage(pageNamed(key), '', 'its draft breaks a rule of the content'),
          );
        }
        const changed = changedKeys(current, checked.data);
        if (changed.length === 0) {
          await store.removeDrafts(drafts);
          throw new ApiProblem(409, 'nothing-to-publish', NOTHING_TO_PUBLISH_MESSAGE);
        }
        const summary = `Published the website: ${changed.map(pageNamed).join(', ')}`;
        return release(options, checked.data, changed, {
          by,
          at: at(),
          rolledBackTo: null,
          published: drafts,
          summary,
        });
      }),

    /** An earlier release's content, published again as a new release (the drafts stay). */
    rollBack: (id: number, by: string, at: () => Date) =>
      exclusively(async () => {
        const target = await store.contentOf(id);
        if (!target) throw new ApiProblem(404, 'not-found', `Release ${id} does not exist.`);
        const checked = siteContentSchema.parse(target);
        const changed = changedKeys(await live(), checked);
        const summary = `Rolled the website back to release ${id}${changed.length ? `: ${changed.map(pageNamed).join(', ')}` : ''}`;
        return release(options, checked, changed, { by, at: at(), rolledBackTo: id, published: [], summary });
      }),
  };
}

export type Publishing = ReturnType<typeof createPublishing>;
