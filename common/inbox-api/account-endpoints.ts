/**
 * Accounts and passkeys: accepting an invitation, signing in and out, the person's passkeys and the
 * recent passkey check that removing one needs. Each ceremony is two posts: options, then the
 * browser's answer; the `flow` string ties the two together (the challenge stays on the server).
 */
import { z } from 'zod';
import { NEW_LEAD_EMAILS, STAFF_ROLES } from '../team-domain.ts';
import { endpoint, noContent } from './endpoint.ts';
import { creationOptions, requestOptions } from './webauthn-options.ts';

const passkey = z.object({
  id: z.string(),
  /** A name the browser or the person gave, or one made from the date. */
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

/** Who is signed in. */
const me = z.object({
  email: z.string(),
  /** What the person may do: the inbox hides what an admin alone may open. */
  role: z.enum(STAFF_ROLES),
  /** The company's time zone, e.g. "Asia/Kolkata" (ADMIN_TIME_ZONE). */
  timeZone: z.string(),
  passkeys: z.array(passkey),
  /** Until when a passkey check counts as recent (removing a passkey needs one), or null. */
  verifiedUntil: z.string().nullable(),
});
export type Me = z.infer<typeof me>;

/** A ceremony that makes a passkey: its flow, and the options for @simplewebauthn/browser. */
const creationCeremony = z.object({ flow: z.string(), options: creationOptions });
export type CreationCeremony = z.infer<typeof creationCeremony>;

/** A ceremony that uses a passkey (signing in, a recent check). */
const requestCeremony = z.object({ flow: z.string(), options: requestOptions });
export type RequestCeremony = z.infer<typeof requestCeremony>;

/** The token of an invitation link: 32 random bytes, base64url (server/security/tokens.ts makes them). */
const invitation = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not complete.'),
});
/** The browser's answer to a ceremony's options. */
const ceremony = z.object({ flow: z.string().max(100), response: z.record(z.string(), z.unknown()) });

const INVITATION_ERRORS = [
  'invitation-unknown',
  'invitation-used',
  'invitation-expired',
  'invitation-withdrawn',
];

/** What the person chose for themselves: taking leads in turn, and which emails they get. */
const preferences = z.object({
  /** New leads may be given to them in turn (Settings → Lead assignment: "Take turns"). */
  takesLeads: z.boolean(),
  newLeadEmails: z.enum(NEW_LEAD_EMAILS),
  dailyDigest: z.boolean(),
  /** An email when a client answers on one of their leads. */
  answerEmails: z.boolean(),
});
export type Preferences = z.infer<typeof preferences>;

/** The person's choices, and when the daily digest goes out (FOLLOW_UP_REMINDER_TIME, "HH:MM"). */
const preferencesReply = preferences.extend({ digestAt: z.string() });

export const accountEndpoints = {
  preferences: endpoint({
    method: 'GET',
    path: '/account/preferences',
    access: 'staff',
    reply: preferencesReply,
  }),
  /** Saves what is sent; what is left out stays as it was. */
  savePreferences: endpoint({
    method: 'POST',
    path: '/account/preferences',
    access: 'staff',
    body: preferences.partial(),
    reply: preferencesReply,
  }),
  checkInvitation: endpoint({
    method: 'POST',
    path: '/invitation',
    access: 'public',
    body: invitation,
    reply: z.object({ email: z.string() }),
    errors: INVITATION_ERRORS,
  }),
  invitationOptions: endpoint({
    method: 'POST',
    path: '/invitation/options',
    access: 'public',
    body: invitation,
    reply: creationCeremony,
    errors: INVITATION_ERRORS,
  }),
  /** Sets the session cookie. */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitation/accept',
    access: 'public',
    body: ceremony.extend(invitation.shape),
    reply: me,
    errors: [...INVITATION_ERRORS, 'passkey'],
  }),
  /** Discoverable: any passkey of any account. */
  signInOptions: endpoint({
    method: 'POST',
    path: '/sign-in/options',
    access: 'public',
    reply: requestCeremony,
  }),
  /** Sets the session cookie. */
  signIn: endpoint({
    method: 'POST',
    path: '/sign-in',
    access: 'public',
    body: ceremony,
    reply: me,
    errors: ['unknown-passkey', 'passkey'],
  }),
  me: endpoint({ method: 'GET', path: '/me', access: 'staff', reply: me }),
  signOut: endpoint({
    method: 'POST',
    path: '/sign-out',
    access: 'staff',
    reply: noContent,
    replyAs: 'no-content',
  }),
  signOutEverywhere: endpoint({
    method: 'POST',
    path: '/sign-out-everywhere',
    access: 'staff',
    reply: noContent,
    replyAs: 'no-content',
  }),
  /** Needs a recent passkey check ("verify"), like removing one. */
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/passkeys/options',
    access: 'staff',
    reply: creationCeremony,
    errors: ['verify'],
  }),
  /** The recent check is asked for again when the passkey is saved. */
  addPasskey: endpoint({
    method: 'POST',
    path: '/passkeys',
    access: 'staff',
    body: ceremony,
    reply: me,
    errors: ['verify', 'passkey'],
  }),
  /** This account's passkeys only. */
  verifyOptions: endpoint({
    method: 'POST',
    path: '/verify/options',
    access: 'staff',
    reply: requestCeremony,
  }),
  /** Sets verifiedUntil. */
  verify: endpoint({
    method: 'POST',
    path: '/verify',
    access: 'staff',
    body: ceremony,
    reply: me,
    errors: ['unknown-passkey', 'passkey'],
  }),
  /** Needs a recent passkey check ("verify"); never the last passkey. */
  removePasskey: endpoint({
    method: 'DELETE',
    path: '/passkeys/:id',
    access: 'staff',
    params: z.object({ id: z.string() }),
    reply: me,
    errors: ['verify', 'not-found', 'last-passkey'],
  }),
};
