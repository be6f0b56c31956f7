import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { api, invite, sessionCookie, staffMember } from '../test/admin-client.ts';
import { testApp } from '../test/test-app.ts';
import { virtualPasskey, type VirtualPasskey } from '../test/virtual-passkey.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

/** Signs in from a browser that still sends the cookie of its earlier session. */
async function signInHolding(app: FastifyInstance, config: Config, passkey: VirtualPasskey, cookie: string) {
  const options = (await api(app, config, 'POST', '/sign-in/options', { cookie, body: {} })).json();
  return api(app, config, 'POST', '/sign-in', {
    cookie,
    body: { flow: options.flow, response: passkey.authenticate(options.options) },
  });
}

describe('a sign-in from a browser that holds a session', () => {
  it('ends the earlier session: only the new cookie works', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const again = await signInHolding(app, config, staff.passkey, staff.cookie);
    expect(again.statusCode).toBe(200);
    const fresh = sessionCookie(again);
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(401);
    expect((await api(app, config, 'GET', '/me', { cookie: fresh })).statusCode).toBe(200);
    expect(
      await tablesOf<AccountTables>(app.storage.db)
        .selectFrom('admin_sessions')
        .select('token_hash')
        .execute(),
    ).toHaveLength(1);
  });

  it('ends it for another person’s sign-in too, and keeps it when the sign-in fails', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const colleague = await staffMember(app, config, 'ravi@acme.test');
    const stranger = virtualPasskey(config.siteUrl);
    stranger.register({ rp: { id: 'www.acme.test' }, user: { id: 'eA' }, challenge: 'eA' });
    expect((await signInHolding(app, config, stranger, staff.cookie)).statusCode).toBe(401);
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(200);

    const switched = await signInHolding(app, config, colleague.passkey, staff.cookie);
    expect(switched.json()).toMatchObject({ email: 'ravi@acme.test' });
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(401);
    expect((await api(app, config, 'GET', '/me', { cookie: colleague.cookie })).statusCode).toBe(200);
  });

  it('ends it when accepting an invitation, too', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const { token } = await invite(config, 'ravi@acme.test');
    const options = (
      await api(app, config, 'POST', '/invitation/options', { cookie: staff.cookie, body: { token } })
    ).json();
    const accepted = await api(app, config, 'POST', '/invitation/accept', {
      cookie: staff.cookie,
      body: { token, flow: options.flow, response: virtualPasskey(config.siteUrl).register(options.options) },
    });
    expect(accepted.json()).toMatchObject({ email: 'ravi@acme.test' });
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(401);
    expect((await api(app, config, 'GET', '/me', { cookie: sessionCookie(accepted) })).statusCode).toBe(200);
  });
});
