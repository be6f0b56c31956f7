import type { FastifyInstance } from 'fastify';
import { accountEndpoints as endpoints } from '../../common/inbox-api/account-endpoints.ts';
import { ApiProblem, notFound } from './api-problem.ts';
import { meOf, passkeyName } from './auth-session.ts';
import type { AuthRoutesOptions } from './auth-options.ts';
import type { AdminSession } from './admin-tables.ts';
import { requireRecentCheck } from './recent-check.ts';
import { registerEndpoint } from './register-endpoint.ts';

/** Whose a new passkey's flow is: the session's (its token's hash), which passed the check. */
const addingIn = (session: AdminSession) => `session:${session.token_hash}`;

/** The person's passkeys: added and removed after a recent passkey check, and the check itself. */
export async function passkeyRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { accounts, sessions, ceremonies, activity, now } = options;
  const me = meOf(options);

  // Adding a passkey needs a recent passkey check, like removing one. The check is made when the
  // options are asked for and again when the passkey is saved (the flow lives 5 minutes too, so the
  // check could otherwise have passed up to 10 minutes before); the flow they open can be finished
  // only by the same session (addingIn).
  registerEndpoint(app, endpoints.passkeyOptions, async ({ request, staff: { account, session } }) => {
    requireRecentCheck(session, now());
    const passkeys = await accounts.passkeysOf(account.id);
    const user = { email: account.email, handle: account.user_handle };
    return ceremonies.registration(request.ip, 'add-passkey', addingIn(session), user, passkeys);
  });

  registerEndpoint(app, endpoints.addPasskey, async ({ body, staff: { account, session } }) => {
    // Before the flow is taken: refused here, it is left for this session to finish after a new check.
    requireRecentCheck(session, now());
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
