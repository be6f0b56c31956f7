import type { Transaction } from 'kysely';
import type { SiteContent } from '../../common/site-content/site-content.ts';
import type { WebsitePageKey } from '../../common/site-content/website-pages.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { type Draft, type NewRelease, releasesIn, view } from './content-rows.ts';
import { liveVersion, nextVersion } from './content-versions.ts';
import { buildPageQueries } from './build-pages.ts';
import { releaseWrites, storeRelease } from './release-store.ts';

export type { Draft, NewRelease, Release, StoredRelease } from './content-rows.ts';

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

    /** The content of every release and every draft, as stored (JSON): what names the photos in use. */
    async contentTexts(): Promise<string[]> {
      const [releases, drafts] = await Promise.all([
        view(db).selectFrom('content_releases').select('content').execute(),
        view(db).selectFrom('content_drafts').select('content').execute(),
      ]);
      return [...releases, ...drafts].map((row) => row.content);
    },
  };
}

/** The content's drafts and releases (content-tables.ts): the only reader and writer of its tables. */
export function createContentStore(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  return {
    ...draftQueries(storage),
    ...releaseReads(storage),
    ...releaseWrites(storage),
    ...buildPageQueries(storage),
    storeRelease: (release: NewRelease, record: (trx: Transaction<Database>) => Promise<void>) =>
      storeRelease(storage, release, record),
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
