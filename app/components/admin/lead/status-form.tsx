import { useFetcher } from 'react-router';
import type { LeadDetail } from '../../../../common/inbox-api/lead-schemas';
import { LEAD_STATUSES, leadStatusLabels } from '../../../../common/lead-domain';
import { buttonClass } from '../buttons';
import { LEAD_INTENT, type LeadActionResult } from '../intents';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';

/** The lead's status: a choice of the statuses, saved with the button. */
export function StatusForm({ lead }: { lead: LeadDetail }) {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={LEAD_INTENT.status} />
      <div>
        {/* The card's heading says "Status" above it. */}
        <label htmlFor="lead-status" className="sr-only">
          Status
        </label>
        <select
          key={lead.status}
          id="lead-status"
          name="status"
          defaultValue={lead.status}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-ink focus:border-brand-600"
        >
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving…" className={`${buttonClass.secondary} w-full`}>
        Save status
      </SubmitButton>
      <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
        {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
      </Notice>
    </fetcher.Form>
  );
}
