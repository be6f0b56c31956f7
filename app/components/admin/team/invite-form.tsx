import { useId } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '../../../../common/team-domain';
import { buttonClass } from '../buttons';
import { formatWhen } from '../format';
import { useTimeZone } from '../me';
import { Notice } from '../notice';
import { Panel } from '../panel';
import { SubmitButton } from '../submit-button';
import { TEAM_INTENT, teamField, type TeamActionData } from './team-intents';

/** The link of the invitation just made: shown once (only its hash is kept). */
function InvitationLink({ email, link, expiresAt }: { email: string; link: string; expiresAt: string }) {
  const timeZone = useTimeZone();
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-ink">
        Send this link to {email}. It works once, until {formatWhen(expiresAt, timeZone)}, and is shown only
        now.
      </p>
      <code className="mt-2 block rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all select-all">
        {link}
      </code>
    </div>
  );
}

/** "Invite someone": an email and a role; the link to send comes back. */
export function InviteForm() {
  const data = useActionData<TeamActionData>();
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent') === TEAM_INTENT.invite;
  const errorId = useId();
  const fields = data && 'fields' in data ? data.fields : undefined;
  const emailError = fields?.email;
  return (
    <Panel title="Invite someone">
      <p className="mt-1 text-sm text-slate-600">
        An admin can do everything. A member works the leads: statuses, notes, replies, follow-ups and owners,
        but cannot open Settings, Campaigns or Team, or export.
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <input type="hidden" name="intent" value={TEAM_INTENT.invite} />
        <label className="block text-sm font-medium text-slate-700">
          Email
          <input
            name="email"
            type="email"
            required
            autoComplete="off"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            className={teamField}
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Role
          <select name="role" defaultValue="member" className={teamField}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton pending={pending} pendingLabel="Inviting…" className={buttonClass.primary}>
          Invite
        </SubmitButton>
      </Form>
      {emailError && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {emailError}
        </p>
      )}
      {data && 'error' in data && !fields && <Notice tone="error">{data.error}</Notice>}
      {data && 'invited' in data && <InvitationLink {...data.invited} />}
    </Panel>
  );
}
