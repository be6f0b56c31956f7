import type { Storage } from '../db/database.ts';
import type { RenderedPage } from '../site/page-renderer.ts';
import { pageOf, view } from './content-rows.ts';

/**
 * The pages of releases another build rendered again, by build (content_build_pages): what the next
 * instance of that build serves without rendering (site-releases.ts).
 */
export function buildPageQueries(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  return {
    /** The pages of a release another build rendered again, as `build` did (content_build_pages). */
    async buildPages(releaseId: number, build: string): Promise<RenderedPage[]> {
      const rows = await view(db)
        .selectFrom('content_build_pages')
        .selectAll()
        .where('release_id', '=', releaseId)
        .where('build', '=', build)
        .orderBy('path')
        .execute();
      return rows.map(pageOf);
    },

    /** Keeps pages `build` rendered again for a release; a page another instance kept first stays. */
    async keepBuildPages(releaseId: number, build: string, pages: readonly RenderedPage[]): Promise<void> {
      if (pages.length === 0) return;
      await storage.write.run(async (trx) => {
        for (const page of pages) {
          await view(trx)
            .insertInto('content_build_pages')
            .values({
              release_id: releaseId,
              build,
              path: page.path,
              file: page.file,
              html: page.html,
              br: page.br ?? null,
              gz: page.gz ?? null,
            })
            .onConflict((conflict) => conflict.columns(['release_id', 'build', 'path']).doNothing())
            .execute();
        }
      });
    },
  };
}
