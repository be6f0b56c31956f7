import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '../../common/inbox-api/account-endpoints.ts';
import type { AuthRoutesOptions } from './auth-options.ts';
import { sessionCookieOf, setSessionCookie } from './admin-guard.ts';
import type { AdminAccount, AdminSession } from './admin-tables.ts';
import { ApiProblem } from './api-problem.ts';
import { verifiedUntil } from './recent-check.ts';

/** The number a new passkey gets in its name, "Passkey 3". */
export const passkeyName = (count: number) => `Passkey ${count + 1}`;

/** Who is signed in, as the inbox shows them: their passkeys and until when their check is recent. */
export function meOf(options: AuthRoutesOptions) {
  const { accounts, now } = options;
  return async function me(account: AdminAccount, session: AdminSession): Promise<Me> {
    const passkeys = await accounts.passkeysOf(account.id);
    const checkedUntil = verifiedUntil(session);
    return {
      email: account.email,
      role: account.role,
      timeZone: options.timeZone,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.created_at,
        lastUsedAt: passkey.last_used_at,
      })),
      verifiedUntil: checkedUntil > now().getTime() ? new Date(checkedUntil).toISOString() : null,
    };
  };
}

/** Starts a session for the person; one the browser already held ends (a sign-in replaces it). */
export function sessionStarter(options: AuthRoutesOptions) {
  const { sessions, now } = options;
  const me = meOf(options);
  return async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    account: AdminAccount,
  ): Promise<Me> {
    const sessionToken = await sessions.start(account.id, now(), sessionCookieOf(request));
    setSessionCookie(reply, sessionToken, sessions.limits.maxAgeMs);
    const found = await sessions.find(sessionToken, now());
    if (!found) throw new ApiProblem(500, 'internal', 'The session could not be started.');
    return me(found.account, found.session);
  };
}
