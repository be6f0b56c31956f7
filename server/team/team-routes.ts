import type { FastifyInstance } from 'fastify';
import { inboxPaths } from '../../common/inbox-paths.ts';
import { LAST_ADMIN_MESSAGE, teamEndpoints } from '../../common/inbox-api/team-endpoints.ts';
import { STAFF_ROLE_LABELS } from '../../common/team-domain.ts';
import { staffNameOf } from '../accounts/staff-names.ts';
import { type AccountRepository, INVITATION_TTL_MS } from '../accounts/account-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';
import type { TeamChange } from '../accounts/team-repository.ts';

export interface TeamRoutesOptions {
  accounts: AccountRepository;
  activity: ActivityLog;
  siteUrl: string;
  now: () => Date;
}

/** A refused change: nobody there (404), or the last admin (409). */
function refused(change: TeamChange): void {
  if (change === 'unknown') throw notFound('This account');
  if (change === 'last-admin') throw new ApiProblem(409, 'last-admin', LAST_ADMIN_MESSAGE);
}

/**
 * The Team view (admins only): the accounts with their role, last sign-in and passkeys, the invitations
 * waiting; inviting with a role, changing a role, revoking, each in the activity log. And the people a
 * lead can be given to, for everyone signed in.
 */
export async function teamRoutes(app: FastifyInstance, options: TeamRoutesOptions) {
  const { accounts, activity, now } = options;
  const emailOf = async (id: number) => (await accounts.byId(id))?.email ?? `account ${id}`;

  registerEndpoint(app, teamEndpoints.list, async ({ staff }) => {
    const [listing, invitations] = await Promise.all([accounts.list(), accounts.pendingInvitations(now())]);
    return {
      accounts: listing
        .filter(({ account }) => account.revoked_at === null)
        .map(({ account, passkeys }) => ({
          id: account.id,
          email: account.email,
          name: staffNameOf(account.email),
          role: account.role,
          lastSignInAt: account.last_sign_in_at,
          passkeys,
          you: account.id === staff.account.id,
        })),
      invitations,
    };
  });

  registerEndpoint(app, teamEndpoints.invite, async ({ body, staff }) => {
    const at = now();
    const { token } = await accounts.invite(body.email, at, body.role);
    const email = body.email.trim().toLowerCase();
    const label = STAFF_ROLE_LABELS[body.role].toLowerCase();
    await activity.record(
      { actor: staff.account.email, action: 'invitation', summary: `Invited ${email} as ${label}` },
      at,
    );
    return {
      email,
      link: `${options.siteUrl}${inboxPaths.invitation}#${token}`,
      expiresAt: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
    };
  });

  registerEndpoint(app, teamEndpoints.setRole, async ({ params, body, staff }) => {
    const change = await accounts.setRole(params.id, body.role);
    refused(change);
    if (change === 'unchanged') return;
    const summary = `${await emailOf(params.id)} is now ${body.role === 'admin' ? 'an admin' : 'a member'}`;
    await activity.record({ actor: staff.account.email, action: 'role-changed', summary }, now());
  });

  registerEndpoint(app, teamEndpoints.revoke, async ({ params, staff }) => {
    const account = await accounts.byId(params.id);
    if (!account || account.revoked_at !== null) throw notFound('This account');
    const revoked = await accounts.revoke(account.email, now());
    if (revoked.lastAdmin) refused('last-admin');
    await activity.record(
      { actor: staff.account.email, action: 'account-revoked', summary: `Revoked ${account.email}` },
      now(),
    );
  });

  registerEndpoint(app, teamEndpoints.people, async () => {
    const listing = await accounts.list();
    return {
      people: listing
        .filter(({ account }) => account.revoked_at === null)
        .map(({ account }) => ({ id: account.id, name: staffNameOf(account.email), email: account.email })),
    };
  });
}
