import type { Transaction } from 'kysely';
import type { SiteContent } from '../../common/site-content/site-content.ts';
import type { WebsitePageKey } from '../../common/site-content/website-pages.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { RenderedPage } from '../site/page-renderer.ts';
import type { ContentTables } from './content-tables.ts';

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

/** A release as it was stored, with the pages it rendered (what every instance of that build serves). */
export interface StoredRelease extends Release {
  pages: RenderedPage[];
  /** The build that rendered them (null: not recorded, as another build's). */
  build: string | null;
}

export interface NewRelease {
  content: SiteContent;
  changed: readonly WebsitePageKey[];
  by: string;
  at: Date;
  rolledBackTo: number | null;
  pages: readonly RenderedPage[];
  /** The build that rendered them. */
  build: string | null;
  /** The drafts it published, each removed unless saved again since (its version moved). */
  published: readonly Pick<Draft, 'key' | 'version'>[];
}

export const view = (db: Storage['db'] | Transaction<Database>) =>
  tablesOf<ContentTables>(db as Transaction<Database>);

type ReleaseRow = {
  id: number;
  changed: string;
  published_by: string;
  published_at: string;
  rolled_back_to: number | null;
};

export function releaseOf(row: ReleaseRow): Release {
  return {
    id: row.id,
    changed: JSON.parse(row.changed) as WebsitePageKey[],
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    rolledBackTo: row.rolled_back_to,
  };
}

type PageRow = { path: string; file: string; html: Buffer; br: Buffer | null; gz: Buffer | null };

export function pageOf(row: PageRow): RenderedPage {
  return {
    path: row.path,
    file: row.file,
    html: Buffer.from(row.html),
    ...(row.br ? { br: Buffer.from(row.br) } : {}),
    ...(row.gz ? { gz: Buffer.from(row.gz) } : {}),
  };
}

export const RELEASE_COLUMNS = ['id', 'changed', 'published_by', 'published_at', 'rolled_back_to'] as const;

/** Every release, oldest first (without their content). */
export async function releasesIn(handle: Storage['db'] | Transaction<Database>): Promise<Release[]> {
  const rows = await view(handle)
    .selectFrom('content_releases')
    .select(RELEASE_COLUMNS)
    .orderBy('id')
    .execute();
  return rows.map(releaseOf);
}
