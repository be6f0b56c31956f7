import type { Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { CampaignRow } from './campaign-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** A campaign as the public archive shows it; nothing about who wrote it or how its sending went. */
export interface ArchiveEntry {
  slug: string;
  subject: string;
  /** The preview text: the index's summary and the page's description. */
  preheader: string;
  /** When its sending finished (or, failing that, started): the date the archive shows. */
  sentAt: string;
}

/** One campaign's page: its entry and its Markdown. */
export interface ArchivedCampaign extends ArchiveEntry {
  bodyMarkdown: string;
}

/**
 * More than 40 years of a monthly newsletter: the index is one page, and a bound keeps it one page
 * whatever the table holds.
 */
const INDEX_LIMIT = 500;

/**
 * The public archive's reading of the campaigns table: a campaign is in it once it is sent (status
 * 'sent', never while it is still sending, paused or cancelled), with publish_in_archive on and its
 * slug set (see CAMPAIGN-DESIGN). Read on every request: a campaign appears as soon as its sending
 * finishes, and leaves as soon as it is unpublished.
 */
export function createCampaignArchive(db: Kysely<Database>) {
  const published = () =>
    tablesOf<NewsletterTables>(db)
      .selectFrom('campaigns')
      .where('status', '=', 'sent')
      .where('publish_in_archive', '=', 1)
      .where('slug', 'is not', null);

  const sentAt = (row: Pick<CampaignRow, 'finished_at' | 'started_at' | 'updated_at'>) =>
    row.finished_at ?? row.started_at ?? row.updated_at;

  return {
    /** Newest first. */
    async list(): Promise<ArchiveEntry[]> {
      const rows = await published()
        .select(['subject', 'preheader', 'slug', 'finished_at', 'started_at', 'updated_at'])
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(INDEX_LIMIT)
        .execute();
      return rows.map((row) => ({
        subject: row.subject,
        preheader: row.preheader,
        slug: row.slug ?? '',
        sentAt: sentAt(row),
      }));
    },

    /** The published campaign at this slug, if there is one. */
    async find(slug: string): Promise<ArchivedCampaign | undefined> {
      const row = await published()
        .select(['subject', 'preheader', 'body_markdown', 'slug', 'finished_at', 'started_at', 'updated_at'])
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        subject: row.subject,
        preheader: row.preheader,
        bodyMarkdown: row.body_markdown,
        slug: row.slug ?? slug,
        sentAt: sentAt(row),
      };
    },
  };
}

export type CampaignArchive = ReturnType<typeof createCampaignArchive>;
