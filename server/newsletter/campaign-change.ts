import type { Transaction, Updateable } from 'kysely';
import type { CampaignStatus } from '../../common/inbox-api/campaign-endpoints.ts';
import type { Database } from '../db/database-tables.ts';
import type { CampaignRow } from './campaign-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** Which campaign a change may apply to: its status now, and the version the page showed (if the change comes from one). */
export interface CampaignCondition {
  from: CampaignStatus | readonly CampaignStatus[];
  version?: number;
  at: Date;
}

/**
 * Every change of a campaign is one compare-and-set: it applies only while the campaign is in one
 * of the `from` statuses (and at `version`, when given), raises the version and stamps updated_at,
 * so a second tab, a second person or a second instance changing it at the same moment finds it
 * changed and is refused instead of overwriting. Returns the campaign as changed, or undefined
 * when the condition no longer held.
 */
export async function changeCampaign(
  trx: Transaction<Database>,
  id: number,
  { from, version, at }: CampaignCondition,
  set: Omit<Updateable<NewsletterTables['campaigns']>, 'version' | 'updated_at' | 'id'>,
): Promise<CampaignRow | undefined> {
  const statuses: readonly CampaignStatus[] = typeof from === 'string' ? [from] : from;
  let query = tablesOf<NewsletterTables>(trx)
    .updateTable('campaigns')
    .set((eb) => ({ ...set, updated_at: at.toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', statuses);
  if (version !== undefined) query = query.where('version', '=', version);
  return query.returningAll().executeTakeFirst();
}
