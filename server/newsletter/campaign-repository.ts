import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { queueEmails } from '../outbox/outbox-rows.ts';
import { changeCampaign } from './campaign-change.ts';
import type { CampaignContent } from './campaign-render.ts';
import { createCampaignSending } from './campaign-sending.ts';
import { createCampaignStart } from './campaign-start.ts';
import { createCampaignStats } from './campaign-stats.ts';
import { CAMPAIGN_TEST_KIND, campaignOwner, type CampaignRow } from './campaign-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** Only these can be edited; the others are being sent or are done. */
const EDITABLE = ['draft', 'scheduled'] as const;

export interface CampaignEdit extends CampaignContent {
  publishInArchive?: boolean | undefined;
  /** The version the edit was made from. */
  version: number;
}

/** What an edit did: saved (the new row), or refused because nothing is there, it moved on, or it is sent. */
export type CampaignEditOutcome =
  { saved: CampaignRow } | { refused: 'not-found' | 'stale-version' | 'not-editable'; current?: CampaignRow };

export interface CampaignRepositoryOptions {
  /** Domain of the company's sender address, used in Message-IDs. */
  mailDomain: string;
  /** CAMPAIGN_RATE_PER_MINUTE, for the time left (0: no throttle). */
  ratePerMinute?: number;
  now?: () => Date;
}

/** Saves an edit in the caller's transaction: a compare-and-set from an editable status and the version. */
async function updateIn(
  trx: Transaction<Database>,
  id: number,
  edit: CampaignEdit,
  at: Date,
): Promise<CampaignEditOutcome> {
  const saved = await changeCampaign(
    trx,
    id,
    { from: EDITABLE, version: edit.version, at },
    {
      subject: edit.subject,
      preheader: edit.preheader,
      body_markdown: edit.bodyMarkdown,
      ...(edit.publishInArchive === undefined ? {} : { publish_in_archive: edit.publishInArchive ? 1 : 0 }),
    },
  );
  if (saved) return { saved };
  const current = await tablesOf<NewsletterTables>(trx)
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return { refused: 'not-found' };
  const editable = (EDITABLE as readonly string[]).includes(current.status);
  return { refused: editable ? 'stale-version' : 'not-editable', current };
}

/**
 * The newsletter's campaigns: drafts, their autosave with a version, test emails through the outbox,
 * their sending (campaign-sending.ts) and their figures (campaign-stats.ts).
 */
export function createCampaignRepository(
  storage: Pick<Storage, 'db' | 'write' | 'lock' | 'randomHexSql'>,
  { mailDomain, ratePerMinute = 0, now = () => new Date() }: CampaignRepositoryOptions,
) {
  const { db } = storage;
  const find = (id: number) =>
    tablesOf<NewsletterTables>(db)
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();

  return {
    ...createCampaignStart(storage, { mailDomain, now }),
    ...createCampaignSending(storage, { now }),
    stats: createCampaignStats(storage, { ratePerMinute }),
    find,

    /** Newest first. */
    list: (): Promise<CampaignRow[]> =>
      tablesOf<NewsletterTables>(db)
        .selectFrom('campaigns')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(500)
        .execute(),

    create(content: CampaignContent, createdBy: string): Promise<CampaignRow> {
      const at = now().toISOString();
      return storage.write.run((trx) =>
        tablesOf<NewsletterTables>(trx)
          .insertInto('campaigns')
          .values({
            subject: content.subject,
            preheader: content.preheader,
            body_markdown: content.bodyMarkdown,
            status: 'draft',
            publish_in_archive: 1,
            created_by: createdBy.toLowerCase(),
            created_at: at,
            updated_at: at,
            version: 1,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    /** Saves an edit made from the current version of an editable campaign; a compare-and-set. */
    update(id: number, edit: CampaignEdit): Promise<CampaignEditOutcome> {
      return storage.write.run((trx) => updateIn(trx, id, edit, now()));
    },

    /** Queues one test email of the campaign to this address; false when the campaign does not exist. */
    queueTest(id: number, recipient: string): Promise<boolean> {
      return storage.write.run(async (trx) => {
        const campaign = await tablesOf<NewsletterTables>(trx)
          .selectFrom('campaigns')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!campaign) return false;
        await queueEmails(trx, [
          {
            kind: CAMPAIGN_TEST_KIND,
            recipient,
            messageId: newMessageId('campaign-test', mailDomain),
            owner: campaignOwner(id),
            at: now(),
          },
        ]);
        return true;
      });
    },
  };
}

export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
