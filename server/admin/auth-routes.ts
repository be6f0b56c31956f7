import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Me } from '../../common/admin-api.ts';
import { hashToken, isTokenShape } from '../security/tokens.ts';
import type { AccountRepository } from './account-repository.ts';
import type { ActivityLog } from './activity-log.ts';
import { clearSessionCookie, sessionCookieOf, setSessionCookie, signedIn } from './admin-guard.ts';
import type { AdminAccount, AdminSession } from './admin-tables.ts';
import { ApiProblem, notFound, parse } from './api-problem.ts';
import type { Ceremonies } from './ceremonies.ts';
import { usableInvitation } from './invitation-check.ts';
import { requireRecentCheck, verifiedUntil } from './recent-check.ts';
import type { SessionRepository } from './session-repository.ts';
import { signInAttempts } from './sign-in-attempts.ts';

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
  now: () => Date;
}

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
  async function signIn(request: FastifyRequest, reply: FastifyReply, account: AdminAccount): Promise<Me> {
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
    await publicApi.register(rateLimit, {
      global: true,
      max: max * PUBLIC_REQUESTS_PER_ATTEMPT,
      timeWindow: windowMs,
    });
    const attempt = signInAttempts({ max, windowMs, now });

    publicApi.post('/invitation', { config: publicRoute }, async (request) => {
      const body = parse(invitationBody, request.body);
      const { email } = await validInvitation(body.token);
      return { email };
    });

    publicApi.post('/invitation/options', { config: publicRoute }, async (request) => {
      const body = parse(invitationBody, request.body);
      const { email } = await validInvitation(body.token);
      const existing = await accounts.byEmail(email);
      const user = { email, handle: await accounts.userHandleFor(email) };
      const passkeys = existing ? await accounts.passkeysOf(existing.id) : [];
      return ceremonies.registration(request.ip, 'invitation', hashToken(body.token), user, passkeys);
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
        return signIn(request, reply, account);
      }),
    );

    publicApi.post('/sign-in/options', { config: publicRoute }, async (request) =>
      ceremonies.authentication(request.ip, 'sign-in', ''),
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
        return signIn(request, reply, found.account);
      }),
    );
  });

  app.get('/me', async (request) => {
    const { account, session } = signedIn(request);
    return me(account, session);
  });

  app.post('/sign-out', async (request, reply) => {
    const { account, session } = signedIn(request);
    await sessions.end(session);
    clearSessionCookie(reply);
    await activity.record({ actor: account.email, action: 'sign-out', summary: 'Signed out' }, now());
    return reply.code(204).send();
  });

  app.post('/sign-out-everywhere', async (request, reply) => {
    const { account } = signedIn(request);
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

  // Adding a passkey needs a recent passkey check, like removing one. The check is made when the
  // options are asked for; the flow they open can be finished only by the same session (addingIn).
  app.post('/passkeys/options', async (request) => {
    const { account, session } = signedIn(request);
    requireRecentCheck(session, now());
    const passkeys = await accounts.passkeysOf(account.id);
    const user = { email: account.email, handle: account.user_handle };
    return ceremonies.registration(request.ip, 'add-passkey', addingIn(session), user, passkeys);
  });

  app.post('/passkeys', async (request) => {
    const { account, session } = signedIn(request);
    const body = parse(ceremony, request.body);
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

  app.post('/verify/options', async (request) => {
    const { account } = signedIn(request);
    const passkeys = await accounts.passkeysOf(account.id);
    return ceremonies.authentication(request.ip, 'verify', String(account.id), passkeys);
  });

  app.post('/verify', async (request) => {
    const { account, session } = signedIn(request);
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
    const { account, session } = signedIn(request);
    requireRecentCheck(session, now());
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
