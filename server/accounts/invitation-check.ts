import type { AccountRepository } from './account-repository.ts';
import { ApiProblem } from './api-problem.ts';

/** Why an invitation link no longer works (410). */
const invitationGone = {
  used: 'This invitation link was already used. Sign in with your passkey, or ask for a new invitation.',
  expired: 'This invitation link has expired (links work for 24 hours). Ask for a new invitation.',
  withdrawn:
    'This invitation link was replaced by a newer one, or withdrawn. Open the newest invitation you were sent, or ask for a new one.',
} as const;

/** The invitation of this token while it can be used; otherwise why not, as a 404 or 410. */
export async function usableInvitation(accounts: AccountRepository, value: string, at: Date) {
  const invitation = await accounts.invitation(value, at);
  if (invitation.state === 'unknown') {
    throw new ApiProblem(
      404,
      'invitation-unknown',
      'This invitation link is not valid. Ask for a new invitation.',
    );
  }
  if (invitation.state !== 'valid') {
    throw new ApiProblem(410, `invitation-${invitation.state}`, invitationGone[invitation.state]);
  }
  return invitation;
}
