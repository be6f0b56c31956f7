import { describe, expect, it } from 'vitest';
import { injectQuote } from '../test/form-request.ts';
import { api, invite, sessionCookie, signInWith } from '../test/admin-client.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { virtualPasskey } from '../test/virtual-passkey.ts';

/**
 * Two instances of the server on one database (PostgreSQL in the postgres project, one SQLite file
 * otherwise), as behind a load balancer: whichever instance a request reaches, the person's
 * invitation, passkey and session are the same.
 */
describe('sessions across instances', () => {
  it('a person invited, signed in and signed out through one instance is so on the other', async () => {
    const config = testConfig();
    const { app: one } = await testApp({ config });
    const { app: two } = await testApp({ config });

    // The invitation's ceremony starts on one instance and ends on the other.
    const { token } = await invite(config, 'priya@acme.test');
    const passkey = virtualPasskey(config.siteUrl);
    const options = await api(one, config, 'POST', '/invitation/options', { body: { token } });
    const { flow, options: creation } = options.json<{ flow: string; options: Record<string, unknown> }>();
    const accepted = await api(two, config, 'POST', '/invitation/accept', {
      body: { token, flow, response: passkey.register(creation) },
    });
    expect(accepted.statusCode).toBe(200);
    const first = sessionCookie(accepted);
    expect((await api(one, config, 'GET', '/me', { cookie: first })).json()).toMatchObject({
      email: 'priya@acme.test',
    });

    // Signed in through one, the inbox on the other shows a lead the first one took.
    const signedIn = await signInWith(one, config, passkey);
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect((await injectQuote(one)).body).toBe('success');
    const leads = await api(two, config, 'GET', '/leads', { cookie });
    expect(leads.statusCode).toBe(200);
    expect(leads.json<{ leads: unknown[] }>().leads).toHaveLength(1);

    // Signed out on the other: the session is gone on both; the first session still stands.
    expect((await api(two, config, 'POST', '/sign-out', { cookie })).statusCode).toBe(204);
    expect((await api(one, config, 'GET', '/me', { cookie })).statusCode).toBe(401);
    expect((await api(two, config, 'GET', '/me', { cookie })).statusCode).toBe(401);
    expect((await api(two, config, 'GET', '/me', { cookie: first })).statusCode).toBe(200);
  });
});
