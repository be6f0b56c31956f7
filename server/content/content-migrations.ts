import type { Kysely, Migration } from 'kysely';
import './content-tables.ts';

/**
 * The content's three tables (content-tables.ts): the drafts, the releases and the pages each rendered.
 * Only the id's and the bytes' types differ between the databases.
 */
function createContentTables(types: { id: 'integer' | 'bigint'; binary: 'blob' | 'bytea' }): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_drafts')
        .addColumn('page_key', 'text', (column) => column.primaryKey())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('saved_by', 'text', (column) => column.notNull())
        .addColumn('saved_at', 'text', (column) => column.notNull())
        .addColumn('version', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('content_releases')
        .addColumn('id', types.id, (column) =>
          types.id === 'bigint'
            ? column.primaryKey().generatedByDefaultAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('changed', 'text', (column) => column.notNull())
        .addColumn('published_by', 'text', (column) => column.notNull())
        .addColumn('published_at', 'text', (column) => column.notNull())
        .addColumn('rolled_back_to', types.id)
        .execute();
      await db.schema
        .createTable('content_release_pages')
        .addColumn('release_id', types.id, (column) =>
          column.notNull().references('content_releases.id').onDelete('cascade'),
        )
        .addColumn('path', 'text', (column) => column.notNull())
        .addColumn('file', 'text', (column) => column.notNull())
        .addColumn('html', types.binary, (column) => column.notNull())
        .addColumn('br', types.binary)
        .addColumn('gz', types.binary)
        .addPrimaryKeyConstraint('content_release_pages_pk', ['release_id', 'path'])
        .execute();
    },
  };
}

/**
 * Which build rendered a release's pages (content-renderer.ts's build id): another build renders them
 * again before serving them. Null for the releases stored before: rendered again once by every build.
 */
const releaseBuild: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('content_releases').addColumn('build', 'text').execute();
  },
};

/**
 * The pages of a release as another build rendered them again (site-releases.ts), so the next instance
 * of that build serves them without rendering.
 */
function createBuildPages(types: { id: 'integer' | 'bigint'; binary: 'blob' | 'bytea' }): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_build_pages')
        .addColumn('release_id', types.id, (column) =>
          column.notNull().references('content_releases.id').onDelete('cascade'),
        )
        .addColumn('build', 'text', (column) => column.notNull())
        .addColumn('path', 'text', (column) => column.notNull())
        .addColumn('file', 'text', (column) => column.notNull())
        .addColumn('html', types.binary, (column) => column.notNull())
        .addColumn('br', types.binary)
        .addColumn('gz', types.binary)
        .addPrimaryKeyConstraint('content_build_pages_pk', ['release_id', 'build', 'path'])
        .execute();
    },
  };
}

export const contentMigrations: Record<string, Migration> = {
  '2026-11-30-700-content': createContentTables({ id: 'integer', binary: 'blob' }),
  '2026-11-30-710-content-release-build': releaseBuild,
  '2026-11-30-711-content-build-pages': createBuildPages({ id: 'integer', binary: 'blob' }),
};

export const contentPostgresMigrations: Record<string, Migration> = {
  '2026-11-30-700-content': createContentTables({ id: 'bigint', binary: 'bytea' }),
  '2026-11-30-710-content-release-build': releaseBuild,
  '2026-11-30-711-content-build-pages': createBuildPages({ id: 'bigint', binary: 'bytea' }),
};
