import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { buttonClass } from '../buttons';
import { ConfirmDialog } from '../confirm-dialog';
import { CAMPAIGN_INTENT, type CampaignActionResult } from './campaign-intents';
import { sendLabel } from './campaign-status';
import { ScheduleControl, ScheduledNotice } from './schedule-controls';

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

/** Why the campaign cannot be sent or scheduled yet, or undefined when it can. */
function blockReason({ campaign, version, saved, audience }: Omit<SendControlsProps, 'timeZone'>) {
  if (campaign === null || version === null)
    return 'Write a subject first: the draft is saved once it has one.';
  if (!saved) return 'Wait until the draft is saved.';
  if (audience === 0) return 'There are no confirmed subscribers to send to yet.';
  return undefined;
}

/**
 * Send now, or schedule for a date and time in the company's time zone; both ask first, in a dialog whose
 * button says how many subscribers it goes to. A scheduled campaign says when, and can be unscheduled.
 */
export function SendControls({ campaign, version, saved, audience, timeZone }: SendControlsProps) {
  const sender = useFetcher<CampaignActionResult>();
  const reasonId = useId();
  const reason = blockReason({ campaign, version, saved, audience });
  const blocked = reason !== undefined;
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
        <ScheduledNotice scheduledAt={campaign.scheduledAt} timeZone={timeZone} />
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
          fields={{ version: String(version ?? ''), intent: CAMPAIGN_INTENT.send }}
        >
          <p>
            It goes to the {audience === 1 ? 'one confirmed subscriber' : `${count} confirmed subscribers`} as
            of now, at the pace the server's campaign rate allows. You can pause or cancel it while it is
            sending, but what was sent cannot be taken back.
          </p>
        </ConfirmDialog>
      </div>
      <ScheduleControl
        reasonId={reason ? reasonId : undefined}
        blocked={blocked}
        version={version}
        audience={audience}
        timeZone={timeZone}
      />
    </section>
  );
}
