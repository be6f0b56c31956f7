import { describe, expect, it } from 'vitest';
import { api, sessionCookie, signInWith, staffMember } from '../test/admin-client.ts';
import { manualClock } from '../test/manual-clock.ts';
import { testApp } from '../test/test-app.ts';
import { virtualPasskey } from '../test/virtual-passkey.ts';

const MINUTE_MS = 60_000;

describe('adding a passkey', () => {
  it('needs a passkey check in the last 5 minutes, like removing one: a stolen session cannot add its own key', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now });
    const staff = await staffMember(app, config);
    clock.advance(6 * MINUTE_MS); // the sign-in's check is no longer recent

    const refused = await api(app, config, 'POST', '/passkeys/options', { cookie: staff.cookie, body: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'verify', message: expect.stringContaining('passkey') });

    // Whoever holds the session and no passkey of the person's gets no further; the person does.
    const check = (
      await api(app, config, 'POST', '/verify/options', { cookie: staff.cookie, body: {} })
    ).json();
    const verified = await api(app, config, 'POST', '/verify', {
      cookie: staff.cookie,
      body: { flow: check.flow, response: staff.passkey.authenticate(check.options) },
    });
    expect(verified.statusCode).toBe(200);
    const options = await api(app, config, 'POST', '/passkeys/options', { cookie: staff.cookie, body: {} });
    expect(options.statusCode).toBe(200);
    const second = virtualPasskey(config.siteUrl);
    const added = await api(app, config, 'POST', '/passkeys', {
      cookie: staff.cookie,
      body: { flow: options.json().flow, response: second.register(options.json().options) },
    });
    expect(added.json().passkeys).toHaveLength(2);
    expect((await signInWith(app, config, second)).statusCode).toBe(200);
  });

  it('checks the 5-minute window again when the passkey is saved, not only when its options are fetched', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now });
    const staff = await staffMember(app, config);
    clock.advance(4 * MINUTE_MS); // the sign-in's check is still recent: the options are given
    const options = await api(app, config, 'POST', '/passkeys/options', { cookie: staff.cookie, body: {} });
    expect(options.statusCode).toBe(200);
    clock.advance(2 * MINUTE_MS); // 6 minutes after the check, the flow itself still open

    const second = virtualPasskey(config.siteUrl);
    const late = await api(app, config, 'POST', '/passkeys', {
      cookie: staff.cookie,
      body: { flow: options.json().flow, response: second.register(options.json().options) },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: 'verify' });
    const me = await api(app, config, 'GET', '/me', { cookie: staff.cookie });
    expect(me.json().passkeys).toHaveLength(1);
    expect((await signInWith(app, config, second)).statusCode).toBe(401);
  });

  it('is finished only by the session that passed the check, not by another session of the account', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now });
    const staff = await staffMember(app, config);
    clock.advance(6 * MINUTE_MS);
    const fresh = sessionCookie(await signInWith(app, config, staff.passkey));
    const options = (await api(app, config, 'POST', '/passkeys/options', { cookie: fresh, body: {} })).json();

    const intruder = virtualPasskey(config.siteUrl);
    // A session without a recent check is refused that; one with a check of its own, by the flow's owner.
    const refused = await api(app, config, 'POST', '/passkeys', {
      cookie: staff.cookie,
      body: { flow: options.flow, response: intruder.register(options.options) },
    });
    expect(refused.statusCode).toBe(403);
    const other = sessionCookie(await signInWith(app, config, staff.passkey));
    const notItsFlow = await api(app, config, 'POST', '/passkeys', {
      cookie: other,
      body: { flow: options.flow, response: intruder.register(options.options) },
    });
    expect(notItsFlow.statusCode).toBe(400);
    const me = await api(app, config, 'GET', '/me', { cookie: fresh });
    expect(me.json().passkeys).toHaveLength(1);

    // "Sign out everywhere" leaves the intruder nothing to sign in with.
    await api(app, config, 'POST', '/sign-out-everywhere', { cookie: fresh, body: {} });
    expect((await signInWith(app, config, intruder)).statusCode).toBe(401);
  });
});
