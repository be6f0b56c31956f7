import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountEndpoints as endpoints, type Me } from '../../common/inbox-api/account-endpoints.ts';
import type { Redis } from '../security/redis-client.ts';
import { hashToken } from '../security/tokens.ts';
import type { AccountRepository } from './account-repository.ts';
import type { ActivityLog } from './activity-log.ts';
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from './admin-guard.ts';
import type { AdminAccount, AdminSession } from './admin-tables.ts';
import { ApiProblem, notFound } from './api-problem.ts';
import type { Ceremonies } from './ceremonies.ts';
import { usableInvitation } from './invitation-check.ts';
import { requireRecentCheck, verifiedUntil } from './recent-check.ts';
import { registerEndpoint } from './register-endpoint.ts';
import type { SessionRepository } from './session-repository.ts';
import { limitPublicRequests, signInAttempts } from './sign-in-attempts.ts';

/**
 * The public routes' requests a client may make per failed attempt of its budget: a sign-in asks for
 * options on load and on the button, an invitation checks its link and asks for options first.
 */
const PUBLIC_REQUESTS_PER_ATTEMPT = 10;

export interface AuthRoutesOptions {
  accounts: AccountRepository;
  sessions: SessionRepository;
  ceremonies: Ceremonies;
  activity: ActivityLog;
  timeZone: string;
  /**
   * Failed sign-ins and invitation acceptances per client address (and window); every request of
   * the public routes is limited to PUBLIC_REQUESTS_PER_ATTEMPT times as many.
   */
  signInLimit: { max: number; windowMs: number };
  /** REDIS_URL's client: the sign-in limits are shared by every instance (and sign-in needs it). */
  redis?: Redis | undefined;
  now: () => Date;
}

/**
 * Accounts and sign-in with passkeys: accepting an invitation, signing in and
 * out, the person's passkeys, and the fresh passkey check that adding or
 * removing one needs. Only the invitation and sign-in routes are public, and they are
 * rate-limited per client address.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { accounts, sessions, ceremonies, activity, now } = options;

  async function me(account: AdminAccount, session: AdminSession): Promise<Me> {
    const passkeys = await accounts.passkeysOf(account.id);
    const checkedUntil = verifiedUntil(session);
    return {
      email: account.email,
      timeZone: options.timeZone,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.created_at,
        lastUsedAt: passkey.last_used_at,
      })),
      verifiedUntil: checkedUntil > now().getTime() ? new Date(checkedUntil).toISOString() : null,
    };
  }

  /** Starts a session for the person; one the browser already held ends (a sign-in replaces it). */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    account: AdminAccount,
  ): Promise<Me> {
    const sessionToken = await sessions.start(account.id, now(), sessionCookieOf(request));
    setSessionCookie(reply, sessionToken, sessions.limits.maxAgeMs);
    const found = await sessions.find(sessionToken, now());
    if (!found) throw new ApiProblem(500, 'internal', 'The session could not be started.');
    return me(found.account, found.session);
  }

  const validInvitation = (value: string) => usableInvitation(accounts, value, now());

  const passkeyName = (count: number) => `Passkey ${count + 1}`;
  /** Whose a new passkey's flow is: the session's (its token's hash), which passed the check. */
  const addingIn = (session: AdminSession) => `session:${session.token_hash}`;

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
  });

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

  // Adding a passkey needs a recent passkey check, like removing one. The check is made when the
  // options are asked for; the flow they open can be finished only by the same session (addingIn).
  registerEndpoint(app, endpoints.passkeyOptions, async ({ request, staff: { account, session } }) => {
    requireRecentCheck(session, now());
    const passkeys = await accounts.passkeysOf(account.id);
    const user = { email: account.email, handle: account.user_handle };
    return ceremonies.registration(request.ip, 'add-passkey', addingIn(session), user, passkeys);
  });

  registerEndpoint(app, endpoints.addPasskey, async ({ body, staff: { account, session } }) => {
    const count = (await accounts.passkeysOf(account.id)).length;
    const { passkey } = await ceremonies.verifyRegistration(
      'add-passkey',
      addingIn(session),
      body.flow,
      body.response,
      passkeyName(count),
    );
    await accounts.addPasskey(account.id, passkey, now());
    await activity.record(
      { actor: account.email, action: 'passkey-added', summary: `Added ${passkey.name}` },
      now(),
    );
    return me(account, session);
  });

  registerEndpoint(app, endpoints.verifyOptions, async ({ request, staff: { account } }) => {
    const passkeys = await accounts.passkeysOf(account.id);
    return ceremonies.authentication(request.ip, 'verify', String(account.id), passkeys);
  });

  registerEndpoint(app, endpoints.verify, async ({ body, staff: { account, session } }) => {
    const id = ceremonies.credentialId(body.response);
    const found = id ? await accounts.passkey(id) : undefined;
    if (!found || found.account.id !== account.id) {
      throw new ApiProblem(400, 'unknown-passkey', 'Use one of your own passkeys.');
    }
    const counter = await ceremonies.verifyAuthentication(
      'verify',
      String(account.id),
      body.flow,
      body.response,
      found.passkey,
    );
    await accounts.recordUse(found.passkey, counter, now());
    await sessions.markVerified(session, now());
    return me(account, session);
  });

  registerEndpoint(app, endpoints.removePasskey, async ({ params, staff: { account, session } }) => {
    requireRecentCheck(session, now());
    const passkeys = await accounts.passkeysOf(account.id);
    const removing = passkeys.find((passkey) => passkey.id === params.id);
    const outcome = await accounts.removePasskey(account.id, params.id);
    if (outcome === 'unknown' || !removing) throw notFound('This passkey');
    if (outcome === 'last') {
      throw new ApiProblem(
        409,
        'last-passkey',
        'Your last passkey cannot be removed: add another one first.',
      );
    }
    await activity.record(
      { actor: account.email, action: 'passkey-removed', summary: `Removed ${removing.name}` },
      now(),
    );
    return me(account, session);
  });
}
