import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Me } from '../../common/inbox-api/account-endpoints.ts';
import { hashToken, isTokenShape } from '../security/tokens.ts';
import type { AccountRepository } from './account-repository.ts';
import type { ActivityLog } from './activity-log.ts';
import { clearSessionCookie, setSessionCookie, staffOf } from './admin-guard.ts';
import type { AdminAccount, AdminSession } from './admin-tables.ts';
import { ApiProblem, notFound, parse } from './api-problem.ts';
import { CeremonyFailed, type Ceremonies } from './ceremonies.ts';
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

const token = z.string().refine(isTokenShape, 'This invitation link is not complete.');
const ceremony = z.object({ flow: z.string().max(100), response: z.record(z.string(), z.unknown()) });
const invitationBody = z.object({ token });
const acceptBody = ceremony.extend({ token });

/**
 * Accounts and sign-in with passkeys: accepting an invitation, signing in and
 * out, the person's passkeys, and the fresh passkey check that removing one
 * needs. Only the invitation and sign-in routes are public, and they are
 * rate-limited per client address.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { accounts, sessions, ceremonies, activity, now } = options;
  const publicRoute = { access: 'public' as const };

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

    publicApi.post('/invitation', { config: publicRoute }, async (request) => {
      const body = parse(invitationBody, request.body);
      const { email } = await validInvitation(body.token);
      return { email };
    });

    publicApi.post('/invitation/options', { config: publicRoute }, async (request) => {
      const body = parse(invitationBody, request.body);
      const { email } = await validInvitation(body.token);
      const existing = await accounts.byEmail(email);
      const handle = await accounts.userHandleFor(email);
      const passkeys = existing ? await accounts.passkeysOf(existing.id) : [];
      return ceremonies.registration('invitation', hashToken(body.token), { email, handle }, passkeys);
    });

    publicApi.post('/invitation/accept', { config: publicRoute }, async (request, reply) =>
      attempt(request, reply, async () => {
        const body = parse(acceptBody, request.body);
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
      }),
    );

    publicApi.post('/sign-in/options', { config: publicRoute }, async () =>
      ceremonies.authentication('sign-in', ''),
    );

    publicApi.post('/sign-in', { config: publicRoute }, async (request, reply) =>
      attempt(request, reply, async () => {
        const body = parse(ceremony, request.body);
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
      }),
    );
  });

  app.get('/me', async (request) => {
    const { account, session } = staffOf(request);
    return me(account, session);
  });

  app.post('/sign-out', async (request, reply) => {
    const { account, session } = staffOf(request);
    await sessions.end(session);
    clearSessionCookie(reply);
    await activity.record({ actor: account.email, action: 'sign-out', summary: 'Signed out' }, now());
    return reply.code(204).send();
  });

  app.post('/sign-out-everywhere', async (request, reply) => {
    const { account } = staffOf(request);
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
    return reply.code(204).send();
  });

  app.post('/passkeys/options', async (request) => {
    const { account } = staffOf(request);
    const passkeys = await accounts.passkeysOf(account.id);
    return ceremonies.registration(
      'add-passkey',
      String(account.id),
      { email: account.email, handle: account.user_handle },
      passkeys,
    );
  });

  app.post('/passkeys', async (request) => {
    const { account, session } = staffOf(request);
    const body = parse(ceremony, request.body);
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

  app.post('/verify/options', async (request) => {
    const { account } = staffOf(request);
    return ceremonies.authentication('verify', String(account.id), await accounts.passkeysOf(account.id));
  });

  app.post('/verify', async (request) => {
    const { account, session } = staffOf(request);
    const body = parse(ceremony, request.body);
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

  app.delete<{ Params: { id: string } }>('/passkeys/:id', async (request) => {
    const { account, session } = staffOf(request);
    const verifiedAt = session.verified_at ? Date.parse(session.verified_at) : 0;
    if (now().getTime() - verifiedAt > VERIFY_WINDOW_MS) {
      throw new ApiProblem(403, 'verify', 'Confirm it is you with a passkey first.');
    }
    const passkeys = await accounts.passkeysOf(account.id);
    const removing = passkeys.find((passkey) => passkey.id === request.params.id);
    const outcome = await accounts.removePasskey(account.id, request.params.id);
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
