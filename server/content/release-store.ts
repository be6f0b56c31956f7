import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import {
  type NewRelease,
  pageOf,
  type Release,
  RELEASE_COLUMNS,
  releaseOf,
  type StoredRelease,
  view,
} from './content-rows.ts';

/**
 * Stores a release in one transaction: its content, the pages it rendered, and the removal of the
 * drafts it published. `record` writes the activity line in it. Resolves to its id.
 */
export async function storeRelease(
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
        build: release.build,
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
export function releaseWrites(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  const { db } = storage;
  return {
    /** The releases after `id`, oldest first, each with the pages it rendered. */
    async releasesAfter(id: number): Promise<StoredRelease[]> {
      const rows = await view(db)
        .selectFrom('content_releases')
        .select([...RELEASE_COLUMNS, 'build'])
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
        build: row.build,
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
        .select([...RELEASE_COLUMNS, 'build'])
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
        served.push({ ...releaseOf(row), build: row.build, pages: pages.map(pageOf) });
      }
      return served;
    },
  };
}
