import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { buttonClass } from '../buttons';
import { ConfirmDialog } from '../confirm-dialog';
import { formatWhen } from '../format';
import { SubmitButton } from '../submit-button';
import { CAMPAIGN_INTENT, type CampaignActionResult } from './campaign-intents';
import { sendLabel } from './campaign-status';

interface SendControlsProps {
  /** Null until the new campaign's first save. */
  campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null;
  version: number | null;
  /** Everything on the page is saved: what is sent is what the person sees. */
  saved: boolean;
  /** The confirmed subscribers now: who a send would go to. */
  audience: number;
  timeZone: string;
}

/** "28 Nov 2026, 10:00 am": a datetime-local value read as it is written (it is already in the zone). */
function formatLocal(value: string): string {
  return formatWhen(`${value}:00Z`, 'UTC');
}

/**
 * Send now, or schedule for a date and time in the company's time zone; both ask first, in a dialog whose
 * button says how many subscribers it goes to. A scheduled campaign says when, and can be unscheduled.
 */
export function SendControls({ campaign, version, saved, audience, timeZone }: SendControlsProps) {
  const sender = useFetcher<CampaignActionResult>();
  const scheduler = useFetcher<CampaignActionResult>();
  const unscheduler = useFetcher<CampaignActionResult>();
  const [at, setAt] = useState('');
  const reasonId = useId();
  const atId = useId();

  const reason =
    campaign === null || version === null
      ? 'Write a subject first: the draft is saved once it has one.'
      : !saved
        ? 'Wait until the draft is saved.'
        : audience === 0
          ? 'There are no confirmed subscribers to send to yet.'
          : undefined;
  const blocked = reason !== undefined;
  const fields = { version: String(version ?? '') };
  const count = audience.toLocaleString('en-IN');

  return (
    <section
      aria-labelledby={`${reasonId}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={`${reasonId}-title`} className="text-lg font-semibold">
        Sending
      </h2>
      {campaign?.status === 'scheduled' && campaign.scheduledAt && (
        <div className="mt-3 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm text-violet-950">
          <p>
            Scheduled for{' '}
            <strong>
              <time dateTime={campaign.scheduledAt}>{formatWhen(campaign.scheduledAt, timeZone)}</time>
            </strong>{' '}
            ({timeZone}). The recipients are fixed then.
          </p>
          <unscheduler.Form method="post" className="mt-2">
            <input type="hidden" name="intent" value={CAMPAIGN_INTENT.unschedule} />
            <SubmitButton
              pending={unscheduler.state !== 'idle'}
              pendingLabel="Unscheduling…"
              className={buttonClass.small}
            >
              Unschedule
            </SubmitButton>
            {unscheduler.data?.error && unscheduler.state === 'idle' && (
              <p role="alert" className="mt-2 text-red-800">
                {unscheduler.data.error}
              </p>
            )}
          </unscheduler.Form>
        </div>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {audience === 1 ? '1 confirmed subscriber' : `${count} confirmed subscribers`} would get it now.
        People who subscribe after sending starts do not.
      </p>
      {reason && (
        <p id={reasonId} className="mt-2 text-sm font-medium text-amber-900">
          {reason}
        </p>
      )}
      <div className="mt-4">
        <ConfirmDialog
          triggerLabel="Send now"
          triggerClassName={`${buttonClass.primary} w-full sm:w-auto`}
          triggerDisabled={blocked}
          triggerDescribedBy={reason ? reasonId : undefined}
          title="Send this campaign now?"
          confirmLabel={sendLabel(audience)}
          confirmClassName={buttonClass.primary}
          pendingLabel="Starting…"
          fetcher={sender}
          fields={{ ...fields, intent: CAMPAIGN_INTENT.send }}
        >
          <p>
            It goes to the {audience === 1 ? 'one confirmed subscriber' : `${count} confirmed subscribers`} as
            of now, at the pace the server's campaign rate allows. You can pause or cancel it while it is
            sending, but what was sent cannot be taken back.
          </p>
        </ConfirmDialog>
      </div>
      <div className="mt-5 border-t border-slate-200 pt-4">
        <label htmlFor={atId} className="block text-sm font-semibold text-ink">
          Date and time <span className="font-normal text-slate-600">({timeZone})</span>
        </label>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <input
            id={atId}
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-ink"
          />
          <ConfirmDialog
            triggerLabel="Schedule"
            triggerClassName={buttonClass.secondary}
            triggerDisabled={blocked || at === ''}
            triggerDescribedBy={reason ? reasonId : undefined}
            title="Schedule this campaign?"
            confirmLabel={sendLabel(audience)}
            confirmClassName={buttonClass.primary}
            pendingLabel="Scheduling…"
            fetcher={scheduler}
            fields={{ ...fields, intent: CAMPAIGN_INTENT.schedule, at }}
          >
            <p>
              It will be sent on <strong className="text-ink">{at ? formatLocal(at) : ''}</strong> ({timeZone}
              ) to the confirmed subscribers then: {count} today.
            </p>
            <p className="text-sm text-slate-600">Until then it stays editable, and you can unschedule it.</p>
          </ConfirmDialog>
        </div>
      </div>
    </section>
  );
}
