import { useFetcher } from 'react-router';
import {
  ASSIGNMENT_MODE_LABELS,
  ASSIGNMENT_MODES,
  type AssignmentMode,
} from '../../../../common/team-domain';
import { buttonClass } from '../buttons';
import { Notice } from '../notice';
import { Panel } from '../panel';
import { SubmitButton } from '../submit-button';
import { SETTINGS_INTENT, type SettingsActionResult } from './settings-intents';

/** The posted mode, if it is one. */
export const assignmentModeOf = (value: FormDataEntryValue | null): AssignmentMode | undefined =>
  ASSIGNMENT_MODES.find((mode) => mode === value);

/** Settings → "Lead assignment": who gets a new lead, saved with "Save assignment". */
export function LeadAssignmentForm({ mode }: { mode: AssignmentMode }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <Panel title="Lead assignment">
      <fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={SETTINGS_INTENT.saveAssignment} />
        <label className="block text-sm font-medium text-slate-700">
          Assign new leads
          <select
            key={mode}
            name="mode"
            defaultValue={mode}
            aria-describedby="assignment-hint"
            className="mt-1 block min-h-11 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-ink"
          >
            {ASSIGNMENT_MODES.map((each) => (
              <option key={each} value={each}>
                {ASSIGNMENT_MODE_LABELS[each]}
              </option>
            ))}
          </select>
        </label>
        <p id="assignment-hint" className="text-sm text-slate-600">
          “Take turns” gives each new lead to the next person on the team, in turn, the moment it arrives.
          Anyone can opt out in their Account.
        </p>
        <SubmitButton pending={pending} pendingLabel="Saving…" className={buttonClass.secondary}>
          Save assignment
        </SubmitButton>
        <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
          {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
        </Notice>
      </fetcher.Form>
    </Panel>
  );
}
