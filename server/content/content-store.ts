import type { Transaction } from 'kysely';
import type { SiteContent } from '../../common/site-content/site-content.ts';
import type { WebsitePageKey } from '../../common/site-content/website-pages.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { RenderedPage } from '../site/page-renderer.ts';
import type { ContentTables } from './content-tables.ts';
import { liveVersion, nextVersion } from './content-versions.ts';

export interface Draft {
  key: WebsitePageKey;
  content: unknown;
  savedBy: string;
  savedAt: string;
  version: string;
}

export interface Release {
  id: number;
  changed: WebsitePageKey[];
  publishedBy: string;
  publishedAt: string;
  rolledBackTo: number | null;
}

/** A release as it was stored, with the pages it rendered (what every instance serves from it). */
export interface StoredRelease extends Release {
  pages: RenderedPage[];
}

export interface NewRelease {
  content: SiteContent;
  changed: readonly WebsitePageKey[];
  by: string;
  at: Date;
  rolledBackTo: number | null;
  pages: readonly RenderedPage[];
  /** The drafts it published, each removed unless saved again since (its version moved). */
  published: readonly Pick<Draft, 'key' | 'version'>[];
}

const view = (db: Storage['db'] | Transaction<Database>) =>
  tablesOf<ContentTables>(db as Transaction<Database>);

type ReleaseRow = {
  id: number;
  changed: string;
  published_by: string;
  published_at: string;
  rolled_back_to: number | null;
};

function releaseOf(row: ReleaseRow): Release {
  return {
    id: row.id,
    changed: JSON.parse(row.changed) as WebsitePageKey[],
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    rolledBackTo: row.rolled_back_to,
  };
}

type PageRow = { path: string; file: string; html: Buffer; br: Buffer | null; gz: Buffer | null };

function pageOf(row: PageRow): RenderedPage {
  return {
    path: row.path,
    file: row.file,
    html: Buffer.from(row.html),
    ...(row.br ? { br: Buffer.from(row.br) } : {}),
    ...(row.gz ? { gz: Buffer.from(row.gz) } : {}),
  };
}

const RELEASE_COLUMNS = ['id', 'changed', 'published_by', 'published_at', 'rolled_back_to'] as const;

/** Every release, oldest first (without their content). */
async function releasesIn(handle: Storage['db'] | Transaction<Database>): Promise<Release[]> {
  const rows = await view(handle)
    .selectFrom('content_releases')
    .select(RELEASE_COLUMNS)
    .orderBy('id')
    .execute();
  return rows.map(releaseOf);
}

/** The drafts: read, saved over their version, removed once published. */
function draftQueries(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  const { db } = storage;
  return {
    async drafts(): Promise<Draft[]> {
      const rows = await view(db).selectFrom('content_drafts').selectAll().orderBy('page_key').execute();
      return rows.map((row) => ({
        key: row.page_key as WebsitePageKey,
        content: JSON.parse(row.content) as unknown,
        savedBy: row.saved_by,
        savedAt: row.saved_at,
        version: row.version,
      }));
    },

    /** The page's version now: its draft's, else the release that last changed it (content-versions.ts). */
    async versionOf(key: WebsitePageKey): Promise<string> {
      const draft = await view(db)
        .selectFrom('content_drafts')
        .select('version')
        .where('page_key', '=', key)
        .executeTakeFirst();
      return draft?.version ?? liveVersion(await releasesIn(db), key);
    },

    /**
     * Saves the page's draft if its version is still `version` (nobody saved or published it since it
     * was opened); 'conflict' otherwise, and nothing is written. `record` writes the activity line in
     * the same transaction.
     */
    async saveDraft(
      draft: { key: WebsitePageKey; content: unknown; by: string; at: Date; version: string },
      record: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<{ version: string } | 'conflict'> {
      return storage.write.run(async (trx) => {
        await storage.lock(trx, `content-draft:${draft.key}`);
        const stored = await view(trx)
          .selectFrom('content_drafts')
          .select('version')
          .where('page_key', '=', draft.key)
          .executeTakeFirst();
        const current = stored?.version ?? liveVersion(await releasesIn(trx), draft.key);
        if (current !== draft.version) return 'conflict' as const;
        const row = {
          content: JSON.stringify(draft.content),
          saved_by: draft.by,
          saved_at: draft.at.toISOString(),
          version: nextVersion(current),
        };
        await view(trx)
          .insertInto('content_drafts')
          .values({ page_key: draft.key, ...row })
          .onConflict((conflict) => conflict.column('page_key').doUpdateSet(row))
          .execute();
        await record(trx);
        return { version: row.version };
      });
    },

    /** Removes drafts that match the live content (nothing to publish), unless saved again since. */
    async removeDrafts(drafts: readonly Pick<Draft, 'key' | 'version'>[]): Promise<void> {
      await storage.write.run(async (trx) => {
        for (const draft of drafts) {
          await view(trx)
            .deleteFrom('content_drafts')
            .where('page_key', '=', draft.key)
            .where('version', '=', draft.version)
            .execute();
        }
      });
    },
  };
}

/** The releases as the Website section reads them, and the live content. */
function releaseReads(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  const { db } = storage;
  return {
    releases: () => releasesIn(db),

    /** A release's whole content; undefined when there is no such release. */
    async contentOf(id: number): Promise<SiteContent | undefined> {
      const row = await view(db)
        .selectFrom('content_releases')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? (JSON.parse(row.content) as SiteContent) : undefined;
    },

    /** The newest release's id and content (the live content); undefined before the first release. */
    async newest(): Promise<{ id: number; content: SiteContent } | undefined> {
      const row = await view(db)
        .selectFrom('content_releases')
        .select(['id', 'content'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { id: row.id, content: JSON.parse(row.content) as SiteContent } : undefined;
    },

    /** The newest release's id (0 before the first). */
    async newestId(): Promise<number> {
      const row = await view(db)
        .selectFrom('content_releases')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** The ids of the photos any release or draft names (the photos no release uses are removed). */
    async contentTexts(): Promise<string[]> {
      const [releases, drafts] = await Promise.all([
        view(db).selectFrom('content_releases').select('content').execute(),
        view(db).selectFrom('content_drafts').select('content').execute(),
      ]);
      return [...releases, ...drafts].map((row) => row.content);
    },
  };
}

/**
 * Stores a release in one transaction: its content, the pages it rendered, and the removal of the
 * drafts it published. `record` writes the activity line in it. Resolves to its id.
 */
async function storeRelease(
  storage: Pick<Storage, 'write'>,
  release: NewRelease,
  record: (trx: Transaction<Database>) => Promise<void>,
): Promise<Release> {
  return storage.write.run(async (trx) => {
    const row = await view(trx)
      .insertInto('content_releases')
      .values({
        content: JSON.stringify(release.content),
        changed: JSON.stringify(release.changed),
        published_by: release.by,
        published_at: release.at.toISOString(),
        rolled_back_to: release.rolledBackTo,
      })
      .returning(RELEASE_COLUMNS)
      .executeTakeFirstOrThrow();
    for (const page of release.pages) {
      await view(trx)
        .insertInto('content_release_pages')
        .values({
          release_id: row.id,
          path: page.path,
          file: page.file,
          html: page.html,
          br: page.br ?? null,
          gz: page.gz ?? null,
        })
        .execute();
    }
    for (const draft of release.published) {
      await view(trx)
        .deleteFrom('content_drafts')
        .where('page_key', '=', draft.key)
        .where('version', '=', draft.version)
        .execute();
    }
    await record(trx);
    return releaseOf(row);
  });
}

/** A release stored with its pages, and the pages every instance serves from them. */
function releaseWrites(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  const { db } = storage;
  return {
    /** The releases after `id`, oldest first, each with the pages it rendered. */
    async releasesAfter(id: number): Promise<StoredRelease[]> {
      const rows = await view(db)
        .selectFrom('content_releases')
        .select(RELEASE_COLUMNS)
        .where('id', '>', id)
        .orderBy('id')
        .execute();
      if (rows.length === 0) return [];
      const pages = await view(db)
        .selectFrom('content_release_pages')
        .selectAll()
        .where('release_id', '>', id)
        .orderBy('release_id')
        .orderBy('path')
        .execute();
      return rows.map((row) => ({
        ...releaseOf(row),
        pages: pages.filter((page) => page.release_id === row.id).map(pageOf),
      }));
    },

    /**
     * What an instance serves at start: for every path, the page of the newest release that rendered
     * it, with that release (its id and when it was published), oldest release first.
     */
    async servedPages(): Promise<StoredRelease[]> {
      const newest = await view(db)
        .selectFrom('content_release_pages')
        .select(['path', (eb) => eb.fn.max('release_id').as('release_id')])
        .groupBy('path')
        .execute();
      const ids = [...new Set(newest.map((row) => Number(row.release_id)))].sort((a, b) => a - b);
      if (ids.length === 0) return [];
      const releases = await view(db)
        .selectFrom('content_releases')
        .select(RELEASE_COLUMNS)
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      const served: StoredRelease[] = [];
      for (const row of releases) {
        const paths = newest.filter((page) => Number(page.release_id) === row.id).map((page) => page.path);
        const pages = await view(db)
          .selectFrom('content_release_pages')
          .selectAll()
          .where('release_id', '=', row.id)
          .where('path', 'in', paths)
          .orderBy('path')
          .execute();
        served.push({ ...releaseOf(row), pages: pages.map(pageOf) });
      }
      return served;
    },
  };
}

/** The content's drafts and releases (content-tables.ts): the only reader and writer of its tables. */
export function createContentStore(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  return {
    ...draftQueries(storage),
    ...releaseReads(storage),
    ...releaseWrites(storage),
    storeRelease: (release: NewRelease, record: (trx: Transaction<Database>) => Promise<void>) =>
      storeRelease(storage, release, record),
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
