import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  api,
  invite,
  sessionCookie,
  signInWith,
  staffMember,
} from '../test/admin-client.ts';
import { sameOnEveryDatabase } from '../test/database-kind.ts';
import { manualClock, HOUR_MS } from '../test/manual-clock.ts';
import { testApp } from '../test/test-app.ts';
import { virtualPasskey } from '../test/virtual-passkey.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

const DAY_MS = 24 * HOUR_MS;

describe('accepting an invitation', () => {
  it('makes the account with a passkey and signs the person in with a __Host- session cookie', async () => {
    const { app, config } = await testApp();
    const { token, output } = await invite(config, 'Priya@Acme.test');
    expect(output).toMatch(/^https:\/\/www\.acme\.test\/admin\/invitation#[A-Za-z0-9_-]{43}$/m);

    const check = await api(app, config, 'POST', '/invitation', { body: { token } });
    expect(check.json()).toEqual({ email: 'priya@acme.test' });

    const { response } = await acceptInvitation(app, config, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'priya@acme.test', timeZone: 'Asia/Kolkata' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/'])
      expect(cookie).toContain(attribute);
    expect(cookie).not.toMatch(/Domain=/i);

    const me = await api(app, config, 'GET', '/me', { cookie: sessionCookie(response) });
    expect(me.json().passkeys).toHaveLength(1);
    // Only the hash of the session's token is stored.
    const token64 = sessionCookie(response).split('=')[1]!;
    const stored = await tablesOf<AccountTables>(app.storage.db)
      .selectFrom('admin_sessions')
      .select('token_hash')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token64);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('works once: a used link is refused (410)', async () => {
    const { app, config } = await testApp();
    const { token } = await invite(config, 'priya@acme.test');
    expect((await acceptInvitation(app, config, token)).response.statusCode).toBe(200);
    const again = await api(app, config, 'POST', '/invitation', { body: { token } });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'invitation-used' });
    expect((await acceptInvitation(app, config, token).catch((error: Error) => error)).toString()).toContain(
      '410',
    );
  });

  it('expires after 24 hours, and an unknown link is a 404', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now });
    const { token } = await invite(config, 'priya@acme.test', clock.now());
    clock.advance(DAY_MS + 1000);
    const expired = await api(app, config, 'POST', '/invitation/options', { body: { token } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'invitation-expired' });
    const unknown = await api(app, config, 'POST', '/invitation', { body: { token: 'A'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    // Only the hash of the invitation's token is stored.
    const rows = await tablesOf<AccountTables>(app.storage.db)
      .selectFrom('admin_invitations')
      .select('token_hash')
      .execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('works only as the newest link for its address: a new invitation replaces the older ones (410)', async () => {
    const { app, config } = await testApp();
    const first = await invite(config, 'priya@acme.test');
    const other = await invite(config, 'ravi@acme.test');
    const newest = await invite(config, 'Priya@Acme.test');
    const replaced = await api(app, config, 'POST', '/invitation', { body: { token: first.token } });
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toMatchObject({
      error: 'invitation-withdrawn',
      message: expect.stringContaining('replaced by a newer one'),
    });
    expect(
      (await acceptInvitation(app, config, first.token).catch((error: Error) => error)).toString(),
    ).toContain('410');
    expect((await api(app, config, 'POST', '/invitation', { body: { token: other.token } })).statusCode).toBe(
      200,
    );
    expect((await acceptInvitation(app, config, newest.token)).response.statusCode).toBe(200);
  });

  it('refuses a passkey made for another challenge', async () => {
    const { app, config } = await testApp();
    const { token } = await invite(config, 'priya@acme.test');
    const options = (await api(app, config, 'POST', '/invitation/options', { body: { token } })).json();
    const forged = virtualPasskey(config.siteUrl).register({ ...options.options, challenge: 'b3RoZXI' });
    const refused = await api(app, config, 'POST', '/invitation/accept', {
      body: { token, flow: options.flow, response: forged },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      await tablesOf<AccountTables>(app.storage.db).selectFrom('admin_accounts').selectAll().execute(),
    ).toEqual([]);
  });
});

describe('signing in and out', () => {
  it('signs in with the passkey (a new session each time), and signing out ends the session on the server', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const signedIn = await signInWith(app, config, staff.passkey);
    expect(signedIn.statusCode).toBe(200);
    const second = sessionCookie(signedIn);
    expect(second).not.toBe(staff.cookie);

    expect((await api(app, config, 'POST', '/sign-out', { cookie: second })).statusCode).toBe(204);
    expect((await api(app, config, 'GET', '/me', { cookie: second })).statusCode).toBe(401);
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(200);
  });

  it('"Sign out everywhere" ends every session of the person', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const other = sessionCookie(await signInWith(app, config, staff.passkey));
    expect((await api(app, config, 'POST', '/sign-out-everywhere', { cookie: other })).statusCode).toBe(204);
    for (const cookie of [staff.cookie, other]) {
      expect((await api(app, config, 'GET', '/leads', { cookie })).statusCode).toBe(401);
    }
  });

  it('refuses a passkey the inbox does not know, and logs the failed sign-in', async () => {
    const { app, config } = await testApp();
    const stranger = virtualPasskey(config.siteUrl);
    stranger.register({ rp: { id: 'www.acme.test' }, user: { id: 'eA' }, challenge: 'eA' });
    const refused = await signInWith(app, config, stranger);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'unknown-passkey' });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const log = await tablesOf<AccountTables>(app.storage.db)
      .selectFrom('admin_activity')
      .select('action')
      .execute();
    expect(log).toEqual([{ action: 'sign-in-failed' }]);
  });

  it('ends a session unused for the idle timeout, and any session after the absolute one', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now, env: { ADMIN_SESSION_IDLE_HOURS: '2' } });
    const staff = await staffMember(app, config);
    clock.advance(2 * HOUR_MS - 60_000);
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(200);
    clock.advance(2 * HOUR_MS - 60_000); // used a moment ago: still alive
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(200);
    clock.advance(2 * HOUR_MS + 1000);
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(401);

    const busy = sessionCookie(await signInWith(app, config, staff.passkey));
    for (let hours = 0; hours < 7 * 24; hours += 1) {
      clock.advance(HOUR_MS);
      const status = (await api(app, config, 'GET', '/me', { cookie: busy })).statusCode;
      if (status !== 200) {
        expect(hours + 1).toBe(7 * 24);
        return;
      }
    }
    throw new Error('the session outlived the absolute timeout of 7 days');
  });

  it('a revoked account loses its sessions and its passkeys', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const { runAdminCommand } = await import('../admin/admin-commands.ts');
    const { openStores } = await import('../stores.ts');
    const stores = await openStores(config);
    let out = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (out += text) };
    const revoke = () =>
      runAdminCommand(['revoke', staff.email], {
        ...stores,
        siteUrl: config.siteUrl,
        siteUrlIsSet: true,
        io,
        now: new Date(),
      });
    // The last admin is kept: another admin first.
    expect(await revoke()).toBe(1);
    expect(out).toContain('priya@acme.test is the last admin');
    await staffMember(app, config, 'asha@acme.test');
    expect(await revoke()).toBe(0);
    await stores.close();
    expect(out).toContain('Revoked priya@acme.test');
    expect((await api(app, config, 'GET', '/me', { cookie: staff.cookie })).statusCode).toBe(401);
    expect((await signInWith(app, config, staff.passkey)).statusCode).toBe(401);

    // A new invitation is the way back: a new passkey, the old one still refused.
    const { token } = await invite(config, staff.email);
    const back = await acceptInvitation(app, config, token);
    expect(back.response.statusCode).toBe(200);
    expect(back.response.json().passkeys).toHaveLength(1);
    expect((await signInWith(app, config, staff.passkey)).statusCode).toBe(401);
    expect((await signInWith(app, config, back.passkey)).statusCode).toBe(200);
  });

  it('revoking an account withdraws its pending invitations, and so does revoking one never accepted', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    await staffMember(app, config, 'asha@acme.test'); // the last admin is never revoked
    const pending = await invite(config, staff.email);
    const newcomer = await invite(config, 'ravi@acme.test');
    const { runAdminCommand } = await import('../admin/admin-commands.ts');
    const { openStores } = await import('../stores.ts');
    const stores = await openStores(config);
    let out = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (out += text) };
    const revoke = (email: string) =>
      runAdminCommand(['revoke', email], {
        ...stores,
        siteUrl: config.siteUrl,
        siteUrlIsSet: true,
        io,
        now: new Date(),
      });
    try {
      expect(await revoke(staff.email)).toBe(0);
      expect(await revoke('ravi@acme.test')).toBe(0);
    } finally {
      await stores.close();
    }
    expect(out).toContain('Revoked priya@acme.test');
    expect(out).toContain('withdrew 1 pending invitation');
    expect(out).toContain('Withdrew the pending invitation for ravi@acme.test');
    for (const token of [pending.token, newcomer.token]) {
      const refused = await api(app, config, 'POST', '/invitation/options', { body: { token } });
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toMatchObject({ error: 'invitation-withdrawn' });
    }
  });

  it('counts only failed sign-ins against the budget, so staff behind one address can sign in again and again', async () => {
    const { app, config } = await testApp({ env: { ADMIN_SIGN_IN_RATE_LIMIT_MAX: '3' } });
    const staff = await staffMember(app, config);
    const colleague = await staffMember(app, config, 'ravi@acme.test');
    for (let round = 0; round < 4; round++) {
      // The page asks for options twice (autofill on load, then the button) before each sign-in.
      await api(app, config, 'POST', '/sign-in/options', { body: {} });
      expect((await signInWith(app, config, staff.passkey)).statusCode, `sign-in ${round + 1}`).toBe(200);
      expect((await signInWith(app, config, colleague.passkey)).statusCode, `sign-in ${round + 1}`).toBe(200);
    }
  });

  it('limits failed sign-ins per client address: after the budget even a good passkey waits, with Retry-After', async () => {
    const { app, config } = await testApp({ env: { ADMIN_SIGN_IN_RATE_LIMIT_MAX: '3' } });
    const staff = await staffMember(app, config);
    const stranger = virtualPasskey(config.siteUrl);
    stranger.register({ rp: { id: 'www.acme.test' }, user: { id: 'eA' }, challenge: 'eA' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await signInWith(app, config, stranger)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signInWith(app, config, staff.passkey);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(limited.json()).toMatchObject({ error: 'rate-limited' });
    // Asking for options changes nothing and is still answered.
    expect((await api(app, config, 'POST', '/sign-in/options', { body: {} })).statusCode).toBe(200);
  });

  it('counts failed invitation acceptances too, but not another site’s posts', async () => {
    const { app, config } = await testApp({ env: { ADMIN_SIGN_IN_RATE_LIMIT_MAX: '2' } });
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (let attempt = 0; attempt < 5; attempt++) {
      const forged = await api(app, config, 'POST', '/sign-in', {
        body: { flow: 'x', response: {} },
        headers: crossSite,
      });
      expect(forged.statusCode).toBe(403);
    }
    const accept = () =>
      api(app, config, 'POST', '/invitation/accept', {
        body: { token: 'A'.repeat(43), flow: 'x', response: {} },
      });
    expect([(await accept()).statusCode, (await accept()).statusCode, (await accept()).statusCode]).toEqual([
      404, 404, 429,
    ]);
  });

  it('gives the requests that change nothing (options, checking a link) a limit of their own, 10 times the budget', async () => {
    const { app, config } = await testApp({ env: { ADMIN_SIGN_IN_RATE_LIMIT_MAX: '2' } });
    const statuses = new Set<number>();
    for (let request = 0; request < 20; request++) {
      statuses.add((await api(app, config, 'POST', '/sign-in/options', { body: {} })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
    const flooded = await api(app, config, 'POST', '/invitation', { body: { token: 'A'.repeat(43) } });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ error: 'rate-limited' });
  });
});

describe('passkeys on the account page', () => {
  it('adds a passkey, and removes one only after a passkey check in the last 5 minutes', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now });
    const staff = await staffMember(app, config);
    const second = virtualPasskey(config.siteUrl);
    const options = (
      await api(app, config, 'POST', '/passkeys/options', { cookie: staff.cookie, body: {} })
    ).json();
    const added = await api(app, config, 'POST', '/passkeys', {
      cookie: staff.cookie,
      body: { flow: options.flow, response: second.register(options.options) },
    });
    expect(added.json().passkeys.map((passkey: { name: string }) => passkey.name)).toEqual([
      'Passkey 1',
      'Passkey 2',
    ]);

    clock.advance(6 * 60_000); // the sign-in's check is no longer recent
    const refused = await api(app, config, 'DELETE', `/passkeys/${second.id}`, { cookie: staff.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'verify' });

    const check = (
      await api(app, config, 'POST', '/verify/options', { cookie: staff.cookie, body: {} })
    ).json();
    const verified = await api(app, config, 'POST', '/verify', {
      cookie: staff.cookie,
      body: { flow: check.flow, response: staff.passkey.authenticate(check.options) },
    });
    expect(verified.json().verifiedUntil).toBe(new Date(clock.now().getTime() + 5 * 60_000).toISOString());
    const removed = await api(app, config, 'DELETE', `/passkeys/${second.id}`, { cookie: staff.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().passkeys).toHaveLength(1);
    expect((await signInWith(app, config, second)).statusCode).toBe(401);
  });

  it('never removes the last passkey', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const last = await api(app, config, 'DELETE', `/passkeys/${staff.passkey.id}`, { cookie: staff.cookie });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: 'last-passkey' });
    expect((await signInWith(app, config, staff.passkey)).statusCode).toBe(200);
  });
});

// 401, 403 and the headers of every answer, route by route: the guard's reading of sessions is checked on
// both databases by who-may-call-what.test.ts and the tests above (decision 072).
sameOnEveryDatabase('every route of the inbox API', () => {
  it('refuses a request without a session (401) and another site’s post (403), but for the sign-in routes', async () => {
    const routes: RouteOptions[] = [];
    const { app, config } = await testApp({ onRoute: (route) => routes.push(route) });
    const staff = await staffMember(app, config);
    const admin = routes.filter((route) => route.url.startsWith('/admin/api/'));
    const methods = admin.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method: method as 'GET' | 'POST' | 'DELETE',
          url: route.url,
          config: route.config,
        })),
    );
    expect(methods.length).toBeGreaterThan(20);

    const publicRoutes = methods.filter(
      (route) => (route.config as { access?: string } | undefined)?.access === 'public',
    );
    expect(publicRoutes.map((route) => route.url).sort()).toEqual([
      '/admin/api/invitation',
      '/admin/api/invitation/accept',
      '/admin/api/invitation/options',
      '/admin/api/sign-in',
      '/admin/api/sign-in/options',
    ]);

    for (const route of methods) {
      const path = route.url.replace('/admin/api', '').replace(':id', '1').replace('*', 'anything');
      if (!publicRoutes.includes(route)) {
        const anonymous = await api(
          app,
          config,
          route.method,
          path,
          route.method === 'GET' ? {} : { body: {} },
        );
        expect(anonymous.statusCode, `${route.method} ${route.url} without a session`).toBe(401);
        expect(anonymous.json()).toMatchObject({ error: 'unauthenticated' });
      }
      if (route.method !== 'GET') {
        const crossSite = await api(app, config, route.method, path, {
          cookie: staff.cookie,
          body: {},
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        });
        expect(crossSite.statusCode, `${route.method} ${route.url} from another site`).toBe(403);
      }
    }
  });

  it('marks every answer under /admin noindex, whatever the method, the path or the status', async () => {
    const { app } = await testApp();
    const requests = [
      ['OPTIONS', '/admin/api/leads'],
      ['POST', '/admin/x'],
      ['PUT', '/admin'],
      ['PATCH', '/admin/leads/1'],
      ['DELETE', '/admin/api/nothing-here'],
      ['GET', '/admin/api/leads'],
      ['GET', '/admin/sign-in'],
      ['HEAD', '/admin'],
      ['GET', '/admin/%zz'],
      ['POST', '/admin/api/sign-in'],
    ] as const;
    for (const [method, url] of requests) {
      const reply = await app.inject({ method, url });
      expect(reply.headers['x-robots-tag'], `${method} ${url} (${reply.statusCode})`).toBe(
        'noindex, nofollow',
      );
    }
    for (const [method, url] of [
      ['GET', '/'],
      ['POST', '/x'],
      ['GET', '/administrator'],
    ] as const) {
      const reply = await app.inject({ method, url });
      expect(reply.headers['x-robots-tag'], `${method} ${url}`).toBeUndefined();
    }
  });

  it('keeps every inbox page and answer out of search engines and caches', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const reply = await api(app, config, 'GET', '/leads', { cookie: staff.cookie });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
