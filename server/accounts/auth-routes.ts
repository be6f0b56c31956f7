import type { FastifyInstance } from 'fastify';
import { accountEndpoints as endpoints } from '../../common/inbox-api/account-endpoints.ts';
import { hashToken } from '../security/tokens.ts';
import { clearSessionCookie } from './admin-guard.ts';
import { ApiProblem } from './api-problem.ts';
import { usableInvitation } from './invitation-check.ts';
import { registerEndpoint } from './register-endpoint.ts';
import { meOf, passkeyName, sessionStarter } from './auth-session.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import type { AuthRoutesOptions } from './auth-options.ts';
import { limitPublicRequests, signInAttempts } from './sign-in-attempts.ts';

/**
 * The public routes' requests a client may make per failed attempt of its budget: a sign-in asks for
 * options on load and on the button, an invitation checks its link and asks for options first.
 */
const PUBLIC_REQUESTS_PER_ATTEMPT = 10;

export type { AuthRoutesOptions };

/**
 * Accounts and sign-in with passkeys: accepting an invitation, signing in and
 * out, the person's passkeys (passkey-routes.ts), and the fresh passkey check that adding or
 * removing one needs. Only the invitation and sign-in routes are public, and they are
 * rate-limited per client address.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { now } = options;
  // Signing in and accepting an invitation: public, so limited per client address (IPv6 by /64).
  // Every request of these routes shares a generous limit against floods (a plugin-wide limit in this
  // scope shares one counter): a sign-in page asks for options on load and again on the button. The
  // tight budget counts failed attempts only (a refused passkey or invitation), so colleagues behind
  // one office address never lock each other out by signing in (sign-in-attempts.ts).
  await app.register(async (publicApi) => {
    const { max, windowMs } = options.signInLimit;
    const { redis } = options;
    await limitPublicRequests(publicApi, { max: max * PUBLIC_REQUESTS_PER_ATTEMPT, windowMs, redis });
    const attempt = signInAttempts({ max, windowMs, now, redis });
    invitationRoutes(publicApi, options, attempt);
    signInRoutes(publicApi, options, attempt);
  });
  sessionRoutes(app, options);
  await app.register(passkeyRoutes, options);
}

type Attempt = ReturnType<typeof signInAttempts>;

/** Accepting an invitation: its link checked, the options to make a passkey, the new passkey. */
function invitationRoutes(publicApi: FastifyInstance, options: AuthRoutesOptions, attempt: Attempt) {
  const { accounts, ceremonies, activity, now } = options;
  const startSession = sessionStarter(options);
  const validInvitation = (value: string) => usableInvitation(accounts, value, now());

  registerEndpoint(publicApi, endpoints.checkInvitation, async ({ body }) => {
    const { email } = await validInvitation(body.token);
    return { email };
  });

  registerEndpoint(publicApi, endpoints.invitationOptions, async ({ body, request }) => {
    const { email } = await validInvitation(body.token);
    const existing = await accounts.byEmail(email);
    const user = { email, handle: await accounts.userHandleFor(email) };
    const passkeys = existing ? await accounts.passkeysOf(existing.id) : [];
    return ceremonies.registration(request.ip, 'invitation', hashToken(body.token), user, passkeys);
  });

  registerEndpoint(
    publicApi,
    endpoints.acceptInvitation,
    async ({ body, request, reply }) => {
      const { email } = await validInvitation(body.token);
      const existing = await accounts.byEmail(email);
      const count = existing && !existing.revoked_at ? (await accounts.passkeysOf(existing.id)).length : 0;
      const { passkey, userHandle } = await ceremonies.verifyRegistration(
        'invitation',
        hashToken(body.token),
        body.flow,
        body.response,
        passkeyName(count),
      );
      const account = await accounts.acceptInvitation(body.token, userHandle, passkey, now());
      if (!account) {
        throw new ApiProblem(
          410,
          'invitation-used',
          'This invitation link was used or replaced meanwhile. Ask for a new invitation.',
        );
      }
      await activity.record(
        existing
          ? { actor: account.email, action: 'passkey-added', summary: 'Added a passkey with an invitation' }
          : {
              actor: account.email,
              action: 'account-created',
              summary: 'Accepted the invitation and made a passkey',
            },
        now(),
      );
      return startSession(request, reply, account);
    },
    { around: attempt },
  );
}

/** Signing in with a passkey: the options, and the browser's answer (a failure is logged). */
function signInRoutes(publicApi: FastifyInstance, options: AuthRoutesOptions, attempt: Attempt) {
  const { accounts, ceremonies, activity, now } = options;
  const startSession = sessionStarter(options);

  registerEndpoint(publicApi, endpoints.signInOptions, async ({ request }) =>
    ceremonies.authentication(request.ip, 'sign-in', ''),
  );

  registerEndpoint(
    publicApi,
    endpoints.signIn,
    async ({ body, request, reply }) => {
      const id = ceremonies.credentialId(body.response);
      const found = id ? await accounts.passkey(id) : undefined;
      try {
        if (!found) {
          throw new ApiProblem(
            401,
            'unknown-passkey',
            'This passkey does not belong to an account of the inbox (or the account was closed).',
          );
        }
        const counter = await ceremonies.verifyAuthentication(
          'sign-in',
          '',
          body.flow,
          body.response,
          found.passkey,
        );
        await accounts.recordUse(found.passkey, counter, now());
      } catch (error) {
        await activity.record(
          {
            actor: null,
            action: 'sign-in-failed',
            summary: found
              ? `A sign-in as ${found.account.email} failed`
              : 'A sign-in with an unknown passkey failed',
          },
          now(),
        );
        throw error;
      }
      await activity.record(
        { actor: found.account.email, action: 'sign-in', summary: 'Signed in with a passkey' },
        now(),
      );
      return startSession(request, reply, found.account);
    },
    { around: attempt },
  );
}

/** Who is signed in, and signing out (here, or everywhere). */
function sessionRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { sessions, activity, now } = options;
  const me = meOf(options);

  registerEndpoint(app, endpoints.me, async ({ staff: { account, session } }) => me(account, session));

  registerEndpoint(app, endpoints.signOut, async ({ staff: { account, session }, reply }) => {
    await sessions.end(session);
    clearSessionCookie(reply);
    await activity.record({ actor: account.email, action: 'sign-out', summary: 'Signed out' }, now());
  });

  registerEndpoint(app, endpoints.signOutEverywhere, async ({ staff: { account }, reply }) => {
    const ended = await sessions.endAll(account.id);
    clearSessionCookie(reply);
    await activity.record(
      {
        actor: account.email,
        action: 'sign-out-everywhere',
        summary: `Signed out everywhere (${ended} session${ended === 1 ? '' : 's'})`,
      },
      now(),
    );
  });
}
