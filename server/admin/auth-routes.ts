import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountEndpoints as endpoints, type Me } from '../../common/inbox-api/account-endpoints.ts';
import { hashToken } from '../security/tokens.ts';
import type { AccountRepository } from './account-repository.ts';
import type { ActivityLog } from './activity-log.ts';
import { clearSessionCookie, setSessionCookie } from './admin-guard.ts';
import type { AdminAccount, AdminSession } from './admin-tables.ts';
import { ApiProblem, notFound } from './api-problem.ts';
import { CeremonyFailed, type Ceremonies } from './ceremonies.ts';
import { registerEndpoint } from './register-endpoint.ts';
import type { SessionRepository } from './session-repository.ts';

/** Removing a passkey needs a passkey check this recent. */
const VERIFY_WINDOW_MS = 5 * 60 * 1000;

/**
 * The public routes' requests a client may make per failed attempt of its budget: a sign-in asks for
 * options on load and on the button, an invitation checks its link and asks for options first.
 */
const PUBLIC_REQUESTS_PER_ATTEMPT = 10;

/** An attempt the server refused (a bad passkey, invitation or request), not one it failed to handle. */
const isRefusal = (error: unknown) =>
  error instanceof CeremonyFailed || (error instanceof ApiProblem && error.statusCode < 500);

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
  now: () => Date;
}

/** Why an invitation link no longer works (410). */
const invitationGone = {
  used: 'This invitation link was already used. Sign in with your passkey, or ask for a new invitation.',
  expired: 'This invitation link has expired (links work for 24 hours). Ask for a new invitation.',
  withdrawn:
    'This invitation link was replaced by a newer one, or withdrawn. Open the newest invitation you were sent, or ask for a new one.',
} as const;

/**
 * Accounts and sign-in with passkeys: accepting an invitation, signing in and
 * out, the person's passkeys, and the fresh passkey check that removing one
 * needs. Only the invitation and sign-in routes are public, and they are
 * rate-limited per client address.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { accounts, sessions, ceremonies, activity, now } = options;

  async function me(account: AdminAccount, session: AdminSession): Promise<Me> {
    const passkeys = await accounts.passkeysOf(account.id);
    const verifiedUntil = session.verified_at ? Date.parse(session.verified_at) + VERIFY_WINDOW_MS : 0;
    return {
      email: account.email,
      timeZone: options.timeZone,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.created_at,
        lastUsedAt: passkey.last_used_at,
      })),
      verifiedUntil: verifiedUntil > now().getTime() ? new Date(verifiedUntil).toISOString() : null,
    };
  }

  async function startSession(reply: FastifyReply, account: AdminAccount): Promise<Me> {
    const sessionToken = await sessions.start(account.id, now());
    setSessionCookie(reply, sessionToken, sessions.limits.maxAgeMs);
    const found = await sessions.find(sessionToken, now());
    if (!found) throw new ApiProblem(500, 'internal', 'The session could not be started.');
    return me(found.account, found.session);
  }

  /** The invitation of this token, or the reason it cannot be used. */
  async function validInvitation(value: string) {
    const invitation = await accounts.invitation(value, now());
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

  const passkeyName = (count: number) => `Passkey ${count + 1}`;

  // Signing in and accepting an invitation: public, so limited per client address (IPv6 by /64).
  // Every request of these routes shares a generous limit against floods (a plugin-wide limit in this
  // scope shares one counter): a sign-in page asks for options on load and again on the button. The
  // tight budget counts failed attempts only (a refused passkey or invitation), so colleagues behind
  // one office address never lock each other out by signing in.
  await app.register(async (publicApi) => {
    const { max, windowMs } = options.signInLimit;
    await publicApi.register(rateLimit, {
      global: true,
      max: max * PUBLIC_REQUESTS_PER_ATTEMPT,
      timeWindow: windowMs,
    });
    const failures = publicApi.createRateLimit({ max, timeWindow: windowMs });

    /** Runs a sign-in or an acceptance, refused while the client is over its budget of failures. */
    async function attempt<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      run: () => Promise<T>,
    ): Promise<T> {
      const budget = await failures(request, { increment: false });
      if (!budget.isAllowed && budget.remaining <= 0) {
        const minutes = Math.max(1, Math.ceil(budget.ttlInSeconds / 60));
        reply.header('retry-after', String(budget.ttlInSeconds));
        throw new ApiProblem(
          429,
          'rate-limited',
          `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        );
      }
      try {
        return await run();
      } catch (error) {
        if (isRefusal(error)) await failures(request);
        throw error;
      }
    }

    registerEndpoint(publicApi, endpoints.checkInvitation, async ({ body }) => {
      const { email } = await validInvitation(body.token);
      return { email };
    });

    registerEndpoint(publicApi, endpoints.invitationOptions, async ({ body }) => {
      const { email } = await validInvitation(body.token);
      const existing = await accounts.byEmail(email);
      const handle = await accounts.userHandleFor(email);
      const passkeys = existing ? await accounts.passkeysOf(existing.id) : [];
      return ceremonies.registration('invitation', hashToken(body.token), { email, handle }, passkeys);
    });

    registerEndpoint(
      publicApi,
      endpoints.acceptInvitation,
      async ({ body, reply }) => {
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
        return startSession(reply, account);
      },
      { around: attempt },
    );

    registerEndpoint(publicApi, endpoints.signInOptions, async () =>
      ceremonies.authentication('sign-in', ''),
    );

    registerEndpoint(
      publicApi,
      endpoints.signIn,
      async ({ body, reply }) => {
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
        return startSession(reply, found.account);
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

  registerEndpoint(app, endpoints.passkeyOptions, async ({ staff: { account } }) => {
    const passkeys = await accounts.passkeysOf(account.id);
    return ceremonies.registration(
      'add-passkey',
      String(account.id),
      { email: account.email, handle: account.user_handle },
      passkeys,
    );
  });

  registerEndpoint(app, endpoints.addPasskey, async ({ body, staff: { account, session } }) => {
    const count = (await accounts.passkeysOf(account.id)).length;
    const { passkey } = await ceremonies.verifyRegistration(
      'add-passkey',
      String(account.id),
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

  registerEndpoint(app, endpoints.verifyOptions, async ({ staff: { account } }) => {
    return ceremonies.authentication('verify', String(account.id), await accounts.passkeysOf(account.id));
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
    const verifiedAt = session.verified_at ? Date.parse(session.verified_at) : 0;
    if (now().getTime() - verifiedAt > VERIFY_WINDOW_MS) {
      throw new ApiProblem(403, 'verify', 'Confirm it is you with a passkey first.');
    }
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
