import type { Transaction } from 'kysely';
import type { RecordActivity } from '../db/activity-line.ts';
import type { Database } from '../db/database-tables.ts';
import type { Failure } from '../outbox/message-kind.ts';
import { FAILURES_BEFORE_PAUSE, pauseIn } from './campaign-sending.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/**
 * A campaign's email failed: its count of failures in a row goes up, and at FAILURES_BEFORE_PAUSE the
 * campaign pauses itself and says why (in the activity log too). In the outbox's transaction, with the
 * email's new state. The run of failures as counted, or undefined when the campaign is not sending.
 */
export async function countFailureAndPauseAtLimit(
  trx: Transaction<Database>,
  campaignId: number,
  at: Date,
  failure: Failure,
  recordActivity: RecordActivity<'campaign-paused'>,
): Promise<number | undefined> {
  const counted = await tablesOf<NewsletterTables>(trx)
    .updateTable('campaigns')
    .set((eb) => ({ failures_in_row: eb('failures_in_row', '+', 1) }))
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .returning('failures_in_row')
    .executeTakeFirst();
  if (!counted || counted.failures_in_row < FAILURES_BEFORE_PAUSE) return counted?.failures_in_row;
  const reason = `Paused by itself after ${FAILURES_BEFORE_PAUSE} failed emails in a row; the last: ${failure.error.slice(0, 300)}. Check the mail server, then resume.`;
  const paused = await pauseIn(trx, campaignId, at, reason);
  if (!paused) return counted.failures_in_row;
  await recordActivity(
    trx,
    {
      actor: null,
      action: 'campaign-paused',
      summary: `Campaign #${paused.id} paused by itself after ${FAILURES_BEFORE_PAUSE} failures in a row`,
      leadId: null,
    },
    at,
  );
  return counted.failures_in_row;
}
