import { useFetcher } from 'react-router';
import type { TeamAccount } from '../../../../common/inbox-api/team-endpoints';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '../../../../common/team-domain';
import { buttonClass } from '../buttons';
import { ConfirmDialog } from '../confirm-dialog';
import { formatWhen } from '../format';
import { useTimeZone } from '../me';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';
import { TEAM_INTENT, teamField, type TeamActionData } from './team-intents';

/** A role select and "Change role"; a refusal (the last admin) is said under it. */
function RoleForm({ account }: { account: TeamAccount }) {
  const fetcher = useFetcher<TeamActionData>();
  const pending = fetcher.state !== 'idle';
  const error = fetcher.data && 'error' in fetcher.data ? fetcher.data.error : undefined;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={TEAM_INTENT.setRole} />
      <input type="hidden" name="id" value={account.id} />
      <label className="block text-sm font-medium text-slate-700">
        Role<span className="sr-only"> of {account.name}</span>
        <select name="role" defaultValue={account.role} className={`${teamField} min-w-32`}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </label>
      <SubmitButton pending={pending} pendingLabel="Saving…" className={buttonClass.small}>
        Change role<span className="sr-only"> of {account.name}</span>
      </SubmitButton>
      {error && (
        <div className="basis-full">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </fetcher.Form>
  );
}

/** One account of the team: who, role, last sign-in, passkeys; its role changed, or revoked. */
export function TeamMember({ account }: { account: TeamAccount }) {
  const timeZone = useTimeZone();
  const revoke = useFetcher<TeamActionData>();
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {account.name}
          {account.you && <span className="font-normal text-slate-600"> (you)</span>}
        </p>
        <p className="truncate text-sm text-slate-600">{account.email}</p>
        <p className="mt-1 text-sm text-slate-600">
          {STAFF_ROLE_LABELS[account.role]} · last sign-in{' '}
          {account.lastSignInAt ? formatWhen(account.lastSignInAt, timeZone) : 'never'} ·{' '}
          {account.passkeys === 1 ? '1 passkey' : `${account.passkeys} passkeys`}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <RoleForm account={account} />
        <ConfirmDialog
          triggerLabel={
            <>
              Revoke<span className="sr-only"> {account.name}</span>
            </>
          }
          triggerClassName={buttonClass.dangerOutline}
          title={`Revoke ${account.name}?`}
          confirmLabel="Revoke account"
          pendingLabel="Revoking…"
          fetcher={revoke}
          fields={{ intent: TEAM_INTENT.revoke, id: String(account.id) }}
        >
          Their sessions end at once and their passkeys stop working. An invitation brings them back.
        </ConfirmDialog>
      </div>
    </li>
  );
}
