import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../buttons';
import { ConfirmDialog } from '../confirm-dialog';
import { formatWhen } from '../format';
import { SubmitButton } from '../submit-button';
import { CAMPAIGN_INTENT, type CampaignActionResult } from './campaign-intents';
import { sendLabel } from './campaign-status';

/** "28 Nov 2026, 10:00 am": a datetime-local value read as it is written (it is already in the zone). */
function formatLocal(value: string): string {
  return formatWhen(`${value}:00Z`, 'UTC');
}

/** A scheduled campaign: when it goes (the recipients are fixed then), and a button to unschedule it. */
export function ScheduledNotice({ scheduledAt, timeZone }: { scheduledAt: string; timeZone: string }) {
  const unscheduler = useFetcher<CampaignActionResult>();
  return (
    <div className="mt-3 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm text-violet-950">
      <p>
        Scheduled for{' '}
        <strong>
          <time dateTime={scheduledAt}>{formatWhen(scheduledAt, timeZone)}</time>
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
  );
}

interface ScheduleControlProps {
  /** Why it cannot be scheduled (the id of the sentence that says so), or undefined when it can. */
  reasonId: string | undefined;
  blocked: boolean;
  version: number | null;
  audience: number;
  timeZone: string;
}

/** A date and time in the company's time zone, and a dialog that asks before scheduling for it. */
export function ScheduleControl({ reasonId, blocked, version, audience, timeZone }: ScheduleControlProps) {
  const scheduler = useFetcher<CampaignActionResult>();
  const [at, setAt] = useState('');
  const atId = useId();
  return (
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
          triggerDescribedBy={reasonId}
          title="Schedule this campaign?"
          confirmLabel={sendLabel(audience)}
          confirmClassName={buttonClass.primary}
          pendingLabel="Scheduling…"
          fetcher={scheduler}
          fields={{ version: String(version ?? ''), intent: CAMPAIGN_INTENT.schedule, at }}
        >
          <p>
            It will be sent on <strong className="text-ink">{at ? formatLocal(at) : ''}</strong> ({timeZone})
            to the confirmed subscribers then: {audience.toLocaleString('en-IN')} today.
          </p>
          <p className="text-sm text-slate-600">Until then it stays editable, and you can unschedule it.</p>
        </ConfirmDialog>
      </div>
    </div>
  );
}
