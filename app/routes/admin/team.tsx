import { STAFF_ROLES, type StaffRole } from '../../../common/team-domain';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { setFlash, takeFlash } from '../../components/admin/flash';
import { formatWhen } from '../../components/admin/format';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import { Panel } from '../../components/admin/panel';
import { InviteForm } from '../../components/admin/team/invite-form';
import { TEAM_INTENT, type TeamActionData } from '../../components/admin/team/team-intents';
import { TeamMember } from '../../components/admin/team/team-member';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/team';

export const meta = () => adminMeta(adminPages.team);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const team = await callApi(inboxApi.team.list, { from: request });
  return { team, notice: takeFlash() };
}

const roleOf = (value: FormDataEntryValue | null): StaffRole =>
  STAFF_ROLES.find((role) => role === value) ?? 'member';

async function act(form: FormData, request: Request): Promise<TeamActionData> {
  const intent = form.get('intent');
  const id = Number(form.get('id'));
  if (intent === TEAM_INTENT.invite) {
    const body = { email: String(form.get('email') ?? ''), role: roleOf(form.get('role')) };
    return { invited: await callApi(inboxApi.team.invite, { body, from: request }) };
  }
  if (intent === TEAM_INTENT.setRole) {
    await callApi(inboxApi.team.setRole, {
      params: { id },
      body: { role: roleOf(form.get('role')) },
      from: request,
    });
    setFlash('The role was changed.');
    return { ok: true };
  }
  if (intent === TEAM_INTENT.revoke) {
    await callApi(inboxApi.team.revoke, { params: { id }, from: request });
    setFlash('The account was revoked: its sessions have ended.');
    return { ok: true };
  }
  return { error: 'This action is not known.' };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<TeamActionData> {
  try {
    return await act(await request.formData(), request);
  } catch (error) {
    if (error instanceof ApiFailure) return { error: error.message, fields: error.fields };
    throw error;
  }
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { team, notice } = loaderData;
  const timeZone = useTimeZone();
  return (
    <div className="container-page pt-8">
      <PageHeader title="Team" lead="Who works the inbox, and what each may do." />
      {notice && <Notice tone="success">{notice}</Notice>}
      <Panel title="Accounts">
        <ul className="mt-2 divide-y divide-slate-200">
          {team.accounts.map((account) => (
            <TeamMember key={account.id} account={account} />
          ))}
        </ul>
      </Panel>
      <InviteForm />
      {team.invitations.length > 0 && (
        <Panel title="Invitations waiting">
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {team.invitations.map((invitation) => (
              <li key={invitation.email} className="py-2">
                {invitation.email}, as {invitation.role === 'admin' ? 'an admin' : 'a member'}, until{' '}
                {formatWhen(invitation.expiresAt, timeZone)}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
