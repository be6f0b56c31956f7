/**
 * The team: the Team view's accounts and invitations (admins only), and the people a lead can be given to
 * (everyone signed in: the Owner select).
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../team-domain.ts';
import { endpoint, idParams, noContent } from './endpoint.ts';

const role = z.enum(STAFF_ROLES);

const teamAccount = z.object({
  id: z.number(),
  email: z.string(),
  /** A name made from the email, e.g. "Asha Rao". */
  name: z.string(),
  role,
  lastSignInAt: z.string().nullable(),
  passkeys: z.number(),
  /** The person looking at the list. */
  you: z.boolean(),
});
export type TeamAccount = z.infer<typeof teamAccount>;

const teamInvitation = z.object({ email: z.string(), role, expiresAt: z.string() });

const team = z.object({ accounts: z.array(teamAccount), invitations: z.array(teamInvitation) });

const inviteBody = z.object({
  email: z.email('Enter an email address, like name@example.com.').max(254),
  role,
});

/** A person who can own leads: not revoked. */
const person = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof person>;

/** The last admin can be neither demoted nor revoked. */
export const LAST_ADMIN_MESSAGE =
  'This is the last admin. Make someone else an admin first, so the team keeps one.';

export const teamEndpoints = {
  list: endpoint({ method: 'GET', path: '/team', access: 'admin', reply: team }),
  invite: endpoint({
    method: 'POST',
    path: '/team/invitations',
    access: 'admin',
    body: inviteBody,
    /** The one-time link, shown once: the server keeps only its hash. */
    reply: z.object({ email: z.string(), link: z.string(), expiresAt: z.string() }),
  }),
  setRole: endpoint({
    method: 'POST',
    path: '/team/:id/role',
    access: 'admin',
    params: idParams,
    body: z.object({ role }),
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found', 'last-admin'],
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/team/:id/revoke',
    access: 'admin',
    params: idParams,
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found', 'last-admin'],
  }),
  people: endpoint({
    method: 'GET',
    path: '/people',
    access: 'staff',
    reply: z.object({ people: z.array(person) }),
  }),
};
