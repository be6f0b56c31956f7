import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Cancelled, Held } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { campaignIdOf, type CampaignRow } from './campaign-tables.ts';
import { subscriberIdOf } from './newsletter-tables.ts';
import { storeUnsubscribeTokens } from './subscriber-tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** What a campaign's email needs to be built: its campaign, and its recipient's new unsubscribe token. */
export interface CampaignEmailParts {
  campaign: CampaignRow;
  token: string;
}

/** Whether a campaign's email may go now, by its campaign's state and its subscriber's. */
function verdict(
  campaign: CampaignRow | undefined,
  status: string | undefined,
): Cancelled | Held | undefined {
  if (!campaign) return { cancelled: 'the campaign was deleted' };
  if (campaign.status === 'cancelled') return { cancelled: 'the campaign was cancelled' };
  if (campaign.status === 'paused') return { held: 'the campaign is paused' };
  if (status !== 'confirmed') return { cancelled: `the subscriber is ${status ?? 'deleted'}: not sent` };
  return undefined;
}

/**
 * The parts of many campaign emails at once (the rows of one claim), in the claim's transaction: their
 * campaigns and subscribers read in one statement each, and the unsubscribe tokens of those that go
 * stored in one. One answer per row, in order: the parts, or why it must not go now.
 */
export async function campaignEmailParts(
  trx: Transaction<Database>,
  rows: readonly OutboxRow[],
  at: Date,
): Promise<(CampaignEmailParts | Cancelled | Held)[]> {
  const campaignIds = [...new Set(rows.map((row) => campaignIdOf(row) ?? -1))];
  const subscriberIds = [...new Set(rows.map((row) => subscriberIdOf(row) ?? -1))];
  const campaigns = new Map(
    (
      await tablesOf<NewsletterTables>(trx)
        .selectFrom('campaigns')
        .selectAll()
        .where('id', 'in', campaignIds)
        .execute()
    ).map((row) => [row.id, row]),
  );
  const statuses = new Map(
    (
      await tablesOf<NewsletterTables>(trx)
        .selectFrom('subscribers')
        .select(['id', 'status'])
        .where('id', 'in', subscriberIds)
        .execute()
    ).map((row) => [row.id, row.status]),
  );
  const verdicts = rows.map((row) =>
    verdict(campaigns.get(campaignIdOf(row) ?? -1), statuses.get(subscriberIdOf(row) ?? -1)),
  );
  const going = rows.filter((_, index) => verdicts[index] === undefined);
  const tokens = await storeUnsubscribeTokens(
    trx,
    going.map((row) => subscriberIdOf(row) ?? -1),
    at,
  );
  const tokenOf = new Map(going.map((row, index) => [row.id, tokens[index] ?? '']));
  return rows.map((row, index) => {
    const campaign = campaigns.get(campaignIdOf(row) ?? -1);
    const stop = verdicts[index];
    if (stop || !campaign) return stop ?? { cancelled: 'the campaign was deleted' };
    return { campaign, token: tokenOf.get(row.id) ?? '' };
  });
}
