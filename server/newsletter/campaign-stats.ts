import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { CampaignFailure, CampaignProgress } from '../../common/inbox-api/campaign-endpoints.ts';
import type { Storage } from '../db/database.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import { CAMPAIGN_KIND, CAMPAIGN_OWNER, type CampaignRow } from './campaign-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** A campaign's figures as counted from its emails. */
export interface CampaignFigures {
  recipients: number;
  sent: number;
  /** Not sent yet and not failed: waiting their turn, held, or being sent now. */
  waiting: number;
  /** Dead, or waiting for a retry after a failure. */
  failed: number;
  bounced: number;
  unsubscribedSince: number;
  /** Everything not sent yet that may still go (waiting, held, retrying): what the time left is about. */
  left: number;
}

const NONE: CampaignFigures = {
  recipients: 0,
  sent: 0,
  waiting: 0,
  failed: 0,
  bounced: 0,
  unsubscribedSince: 0,
  left: 0,
};

/** The most failures one page lists. */
const FAILURES_LIMIT = 1000;

/** How many rows meet the condition, in a GROUP BY. */
const count = (condition: ReturnType<typeof sql>) =>
  sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/** The campaigns' emails to subscribers, as the outbox shows them (named "outbox" in the queries below). */
const campaignEmails = (db: Kysely<Database>) => messagesAbout(db, CAMPAIGN_OWNER, CAMPAIGN_KIND);

/** The figures of these campaigns, by id (one GROUP BY over their emails). */
async function figuresOf(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, CampaignFigures>> {
  const result = new Map<number, CampaignFigures>();
  if (ids.length === 0) return result;
  const rows = await tablesOf<NewsletterTables>(db)
    .selectFrom(campaignEmails(db).as('outbox'))
    .innerJoin('campaigns', 'campaigns.id', 'outbox.owner_id')
    .leftJoin('subscribers', 'subscribers.id', 'outbox.recipient_id')
    .select([
      'outbox.owner_id as id',
      (eb) => eb.fn.countAll<number>().as('recipients'),
      count(sql`outbox.status = 'sent'`).as('sent'),
      count(sql`outbox.status in ('pending', 'held') and outbox.last_error is null`).as('waiting'),
      count(
        sql`outbox.status = 'dead' or (outbox.status in ('pending', 'held') and outbox.last_error is not null)`,
      ).as('failed'),
      count(sql`outbox.status = 'dead' and subscribers.status = 'bounced'`).as('bounced'),
      count(
        sql`subscribers.status = 'unsubscribed' and subscribers.unsubscribed_at >= campaigns.started_at`,
      ).as('unsubscribed_since'),
      count(sql`outbox.status in ('pending', 'held')`).as('left'),
    ])
    .where('outbox.owner_id', 'in', ids)
    .groupBy('outbox.owner_id')
    .execute();
  for (const row of rows) {
    result.set(Number(row.id), {
      recipients: Number(row.recipients),
      sent: Number(row.sent),
      waiting: Number(row.waiting),
      failed: Number(row.failed),
      bounced: Number(row.bounced),
      unsubscribedSince: Number(row.unsubscribed_since),
      left: Number(row.left),
    });
  }
  return result;
}

/** The failed recipients, the latest first (at most 1,000), and how many there are. */
async function failuresOf(
  db: Kysely<Database>,
  campaignId: number,
): Promise<{ failures: CampaignFailure[]; total: number }> {
  const failed = tablesOf<NewsletterTables>(db)
    .selectFrom(campaignEmails(db).as('outbox'))
    .leftJoin('subscribers', 'subscribers.id', 'outbox.recipient_id')
    .where('outbox.owner_id', '=', campaignId)
    .where((eb) =>
      eb.or([
        eb('outbox.status', '=', 'dead'),
        eb.and([eb('outbox.status', 'in', ['pending', 'held']), eb('outbox.last_error', 'is not', null)]),
      ]),
    );
  const [rows, total] = await Promise.all([
    failed
      .select([
        'outbox.recipient',
        'outbox.status',
        'outbox.last_error',
        'outbox.attempts',
        'outbox.updated_at',
        'subscribers.status as subscriber_status',
      ])
      .orderBy('outbox.updated_at', 'desc')
      .orderBy('outbox.id', 'desc')
      .limit(FAILURES_LIMIT)
      .execute(),
    failed.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    failures: rows.map((row) => ({
      email: row.recipient,
      error: row.last_error ?? '',
      attempts: row.attempts,
      at: row.updated_at,
      bounced: row.status === 'dead' && row.subscriber_status === 'bounced',
      retrying: row.status !== 'dead',
    })),
    total: Number(total.count),
  };
}

/**
 * A campaign's figures, counted by the database with GROUP BY over its emails (never loaded row by
 * row), for the list and the campaign's page; and its failed recipients.
 */
export function createCampaignStats(
  storage: Pick<Storage, 'db'>,
  { ratePerMinute }: { ratePerMinute: number },
) {
  const { db } = storage;
  const figures = (ids: readonly number[]) => figuresOf(db, ids);

  return {
    figures,

    /** The figures of one campaign, with the time left at the current rate (while sending or paused). */
    async progress(campaign: CampaignRow): Promise<CampaignProgress> {
      const { left, ...counts } = (await figures([campaign.id])).get(campaign.id) ?? NONE;
      const going = campaign.status === 'sending' || campaign.status === 'paused';
      return {
        ...counts,
        ratePerMinute,
        secondsLeft: going && left > 0 && ratePerMinute > 0 ? Math.ceil((left / ratePerMinute) * 60) : null,
      };
    },

    /** The failed recipients, the latest first (at most 1,000), and how many there are. */
    failures: (campaignId: number) => failuresOf(db, campaignId),
  };
}
