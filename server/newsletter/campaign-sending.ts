import { expressionBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import {
  holdFor,
  releaseFor,
  retryDeadFor,
  withdrawFor,
  type OwnerSelection,
} from '../outbox/owner-changes.ts';
import { changeCampaign } from './campaign-change.ts';
import { CAMPAIGN_KIND, campaignOwner, type CampaignRow } from './campaign-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** Why a change of a campaign's state was refused (the contract's error codes). */
export type SendingRefusal =
  'not-found' | 'stale-version' | 'not-editable' | 'no-recipients' | 'in-the-past' | 'wrong-status';

/** What a change did: the campaign as it is now, or why nothing changed (and the campaign as it is). */
export type SendingOutcome = { campaign: CampaignRow } | { refused: SendingRefusal; current?: CampaignRow };

/** How many failures in a row pause a campaign by itself. */
export const FAILURES_BEFORE_PAUSE = 10;

/** A campaign's emails, as the outbox's operations select them. */
const campaignEmails = (id: number): OwnerSelection => ({
  owner: campaignOwner(id),
  kind: CAMPAIGN_KIND,
});

/** The ids of the subscribers still confirmed, as a subquery of the outbox's statement. */
const confirmedSubscribers = () =>
  expressionBuilder<NewsletterTables>()
    .selectFrom('subscribers')
    .select('id')
    .where('status', '=', 'confirmed');

/** A campaign's emails to subscribers still confirmed (a bounced one is left alone). */
const stillSubscribed = (id: number): OwnerSelection => ({
  ...campaignEmails(id),
  only: (eb) => eb('recipient_id', 'in', confirmedSubscribers()),
});

/** Whatever the reason, a campaign email not sent when its campaign is cancelled. */
const CANCELLED = 'the campaign was cancelled';

/**
 * Holds what waits of a sending campaign and marks it paused, in the caller's transaction; `reason`
 * says why when the campaign paused itself. Emails being sent now finish; one whose worker died is
 * held when it comes due again (the campaign's email kind sees the pause).
 */
export async function pauseIn(trx: Transaction<Database>, id: number, at: Date, reason: string | null) {
  const paused = await changeCampaign(
    trx,
    id,
    { from: 'sending', at },
    { status: 'paused', paused_reason: reason },
  );
  if (!paused) return undefined;
  await holdFor(trx, campaignEmails(id), at);
  return paused;
}

/** Why a compare-and-set found nothing to change: no campaign, another version, or another status. */
export async function refusal(
  trx: Transaction<Database>,
  id: number,
  version: number | undefined,
  statusRefusal: SendingRefusal,
): Promise<SendingOutcome> {
  const current = await tablesOf<NewsletterTables>(trx)
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return { refused: 'not-found' };
  if (version !== undefined && current.version !== version) return { refused: 'stale-version', current };
  return { refused: statusRefusal, current };
}

/**
 * "Retry failed" in the caller's transaction: the dead emails of subscribers still confirmed wait their
 * turn again (held if the campaign is paused); a sent campaign is sending again, to them only.
 */
async function retryFailedIn(
  trx: Transaction<Database>,
  id: number,
  at: Date,
): Promise<{ queued: number } | { refused: SendingRefusal; current?: CampaignRow }> {
  const current = await tablesOf<NewsletterTables>(trx)
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return { refused: 'not-found' };
  if (!['sending', 'paused', 'sent'].includes(current.status)) return { refused: 'wrong-status', current };
  const queued = await retryDeadFor(trx, stillSubscribed(id), { held: current.status === 'paused', at });
  if (queued > 0 && current.status === 'sent') {
    await changeCampaign(
      trx,
      id,
      { from: 'sent', at },
      { status: 'sending', finished_at: null, failures_in_row: 0 },
    );
  }
  return { queued };
}

/** "Schedule" in the caller's transaction: refused when `when` is not ahead of `at`. */
async function scheduleIn(
  trx: Transaction<Database>,
  { id, version, when }: { id: number; version: number; when: Date },
  at: Date,
): Promise<SendingOutcome> {
  if (when.getTime() <= at.getTime()) {
    const current = await tablesOf<NewsletterTables>(trx)
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return current ? { refused: 'in-the-past', current } : { refused: 'not-found' };
  }
  const scheduled = await changeCampaign(
    trx,
    id,
    { from: ['draft', 'scheduled'], version, at },
    { status: 'scheduled', scheduled_at: when.toISOString() },
  );
  return scheduled ? { campaign: scheduled } : refusal(trx, id, version, 'not-editable');
}

/**
 * A campaign's sending as staff steer it, in the database only (nothing of it lives in one process):
 * scheduling, pausing, resuming, cancelling, retrying the failed. Its emails are outbox rows in the
 * 'campaign' lane, one per recipient (fixed when it starts: campaign-start.ts); the outbox's campaign
 * worker sends them, and the campaign's email kind follows what becomes of them.
 */
export function createCampaignSending(storage: Pick<Storage, 'write'>, { now }: { now: () => Date }) {
  const write = storage.write.run;

  return {
    /** "Schedule": a draft (or a scheduled campaign, moved) to be sent at `when`, which must be ahead. */
    schedule(id: number, version: number, when: Date): Promise<SendingOutcome> {
      return write((trx) => scheduleIn(trx, { id, version, when }, now()));
    },

    /** A scheduled campaign back to a draft. */
    unschedule(id: number): Promise<SendingOutcome> {
      return write(async (trx) => {
        const draft = await changeCampaign(
          trx,
          id,
          { from: 'scheduled', at: now() },
          { status: 'draft', scheduled_at: null },
        );
        return draft ? { campaign: draft } : refusal(trx, id, undefined, 'wrong-status');
      });
    },

    /** "Pause" (by a person: no reason to give). */
    pause(id: number): Promise<SendingOutcome> {
      return write(async (trx) => {
        const paused = await pauseIn(trx, id, now(), null);
        return paused ? { campaign: paused } : refusal(trx, id, undefined, 'wrong-status');
      });
    },

    /** "Resume": what was held waits its turn again, and the count of failures in a row starts over. */
    resume(id: number): Promise<SendingOutcome> {
      return write(async (trx) => {
        const at = now();
        const resumed = await changeCampaign(
          trx,
          id,
          { from: 'paused', at },
          { status: 'sending', paused_reason: null, failures_in_row: 0 },
        );
        if (!resumed) return refusal(trx, id, undefined, 'wrong-status');
        await releaseFor(trx, campaignEmails(id), at);
        return { campaign: resumed };
      });
    },

    /** "Cancel": what was not sent is never sent (an email being sent right now still goes). */
    cancel(id: number): Promise<SendingOutcome> {
      return write(async (trx) => {
        const at = now();
        const cancelled = await changeCampaign(
          trx,
          id,
          { from: ['scheduled', 'sending', 'paused'], at },
          { status: 'cancelled' },
        );
        if (!cancelled) return refusal(trx, id, undefined, 'wrong-status');
        await withdrawFor(trx, campaignEmails(id), { reason: CANCELLED, held: true, at });
        return { campaign: cancelled };
      });
    },

    /**
     * "Retry failed": the dead emails of subscribers still confirmed (a bounced one is left alone) wait
     * their turn again with a fresh count of attempts; held if the campaign is paused. A sent campaign
     * is sending again, to them only.
     */
    retryFailed(
      id: number,
    ): Promise<{ queued: number } | { refused: SendingRefusal; current?: CampaignRow }> {
      return write((trx) => retryFailedIn(trx, id, now()));
    },
  };
}
