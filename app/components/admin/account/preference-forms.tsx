import { useFetcher } from 'react-router';
import type { Preferences } from '../../../../common/inbox-api/account-endpoints';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { NEW_LEAD_EMAIL_LABELS, NEW_LEAD_EMAILS } from '../../../../common/team-domain';
import { callApi } from '../api';
import { buttonClass } from '../buttons';
import { Notice } from '../notice';
import { Panel } from '../panel';
import { SubmitButton } from '../submit-button';

const PREFERENCES_INTENT = { turns: 'save-lead-turns', notifications: 'save-notifications' } as const;

type Result = { done?: string; error?: string };

/** The account page's posts of the person's own choices; undefined for another intent. */
export async function preferencesAction(intent: FormDataEntryValue | null, form: FormData, request: Request) {
  const save = (body: Partial<Preferences>) =>
    callApi(inboxApi.account.savePreferences, { body, from: request });
  if (intent === PREFERENCES_INTENT.turns) {
    const saved = await save({ takesLeads: form.get('takesLeads') === 'on' });
    return {
      done: saved.takesLeads ? 'You take new leads in turn.' : 'New leads will not be given to you in turn.',
    };
  }
  if (intent !== PREFERENCES_INTENT.notifications) return undefined;
  const newLeadEmails = NEW_LEAD_EMAILS.find((choice) => choice === form.get('newLeadEmails')) ?? 'mine';
  await save({
    newLeadEmails,
    dailyDigest: form.get('dailyDigest') === 'on',
    answerEmails: form.get('answerEmails') === 'on',
  });
  return { done: 'Notifications saved.' };
}

function Saved({ data, pending }: { data: Result | undefined; pending: boolean }) {
  return (
    <Notice tone={data?.error ? 'error' : 'success'}>
      {pending ? undefined : (data?.error ?? data?.done)}
    </Notice>
  );
}

const checkbox = 'size-5 rounded border-slate-400 accent-brand-700';

/** Account → "Lead assignment": whether new leads may be given to this person in turn. */
export function LeadTurnsForm({ preferences }: { preferences: Preferences }) {
  const fetcher = useFetcher<Result>();
  const pending = fetcher.state !== 'idle';
  return (
    <Panel title="Lead assignment">
      <fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={PREFERENCES_INTENT.turns} />
        <label className="flex items-center gap-3 text-slate-800">
          <input
            type="checkbox"
            name="takesLeads"
            defaultChecked={preferences.takesLeads}
            className={checkbox}
          />
          Take new leads in turn
        </label>
        <p className="text-sm text-slate-600">
          When Settings say “Take turns”, new leads go round the team. Leave this off while you are away.
        </p>
        <SubmitButton pending={pending} pendingLabel="Saving…" className={buttonClass.secondary}>
          Save
        </SubmitButton>
        <Saved data={fetcher.data} pending={pending} />
      </fetcher.Form>
    </Panel>
  );
}

/** Account → "Notifications": which emails this person gets. */
export function NotificationsForm({
  preferences,
  reminderTime,
}: {
  preferences: Preferences;
  reminderTime: string;
}) {
  const fetcher = useFetcher<Result>();
  const pending = fetcher.state !== 'idle';
  return (
    <Panel title="Notifications">
      <fetcher.Form method="post" className="mt-3 space-y-4">
        <input type="hidden" name="intent" value={PREFERENCES_INTENT.notifications} />
        <label className="block text-sm font-medium text-slate-700">
          Email me about new leads
          <select
            name="newLeadEmails"
            defaultValue={preferences.newLeadEmails}
            className="mt-1 block min-h-11 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-ink"
          >
            {NEW_LEAD_EMAILS.map((choice) => (
              <option key={choice} value={choice}>
                {NEW_LEAD_EMAIL_LABELS[choice]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-start gap-3 text-slate-800">
          <input
            type="checkbox"
            name="dailyDigest"
            defaultChecked={preferences.dailyDigest}
            className={`${checkbox} mt-0.5`}
          />
          <span>
            Daily digest
            <span className="block text-sm text-slate-600">
              At {reminderTime}: leads waiting for a first contact, follow-ups due, and new replies.
            </span>
          </span>
        </label>
        <label className="flex items-center gap-3 text-slate-800">
          <input
            type="checkbox"
            name="answerEmails"
            defaultChecked={preferences.answerEmails}
            className={checkbox}
          />
          Email me when a client answers on my leads
        </label>
        <p className="text-sm text-slate-600">
          The company inbox keeps getting every new lead, whatever you choose.
        </p>
        <SubmitButton pending={pending} pendingLabel="Saving…" className={buttonClass.secondary}>
          Save notifications
        </SubmitButton>
        <Saved data={fetcher.data} pending={pending} />
      </fetcher.Form>
    </Panel>
  );
}
