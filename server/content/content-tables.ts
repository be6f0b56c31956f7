import type { Generated } from 'kysely';

/** A page's saved draft, one per page of the Website section, until a release publishes it. */
interface ContentDraftsTable {
  /** The page's key (common/site-content/website-pages.ts). */
  page_key: string;
  /** The page's part of SiteContent, as JSON, checked by its schema when saved. */
  content: string;
  saved_by: string;
  saved_at: string;
  /** What a save must send back ("<release>.<save>": see content-versions.ts); another one is a conflict. */
  version: string;
}

/** A release: the whole site's content it made live (docs/decisions/067-content-releases-drafts-and-preview.md). */
interface ContentReleasesTable {
  id: Generated<number>;
  /** The whole SiteContent, as JSON. */
  content: string;
  /** The Website section's pages it changed, by key: a JSON array. */
  changed: string;
  published_by: string;
  published_at: string;
  /** For a roll back: the release whose content it published again. */
  rolled_back_to: number | null;
  /** The build that rendered its pages (content-renderer.ts's buildIdOf); null: stored before builds were recorded. */
  build: string | null;
}

/** A page a release rendered: served by every instance of the same build from these bytes (another build renders it again). */
interface ContentReleasePagesTable {
  release_id: number;
  /** Its public path, e.g. "/FAQ". */
  path: string;
  /** Where the build keeps it under build/client, e.g. "FAQ/index.html". */
  file: string;
  html: Buffer;
  /** Brotli and gzip; null when not smaller than the page. */
  br: Buffer | null;
  gz: Buffer | null;
}

/** A release's page as another build than the release's rendered it again (kept for that build's next start). */
interface ContentBuildPagesTable {
  release_id: number;
  /** The build that rendered it (content-renderer.ts's buildIdOf). */
  build: string;
  path: string;
  file: string;
  html: Buffer;
  br: Buffer | null;
  gz: Buffer | null;
}

/** The content's tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface ContentTables {
  content_drafts: ContentDraftsTable;
  content_releases: ContentReleasesTable;
  content_release_pages: ContentReleasePagesTable;
  content_build_pages: ContentBuildPagesTable;
}
