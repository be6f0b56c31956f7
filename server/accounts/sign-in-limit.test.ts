import { describe, expect, it } from 'vitest';
import { api, signInWith, staffMember } from '../test/admin-client.ts';
import { manualClock } from '../test/manual-clock.ts';
import { testApp } from '../test/test-app.ts';
import { virtualPasskey } from '../test/virtual-passkey.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

describe('the budget of failed sign-ins per client address', () => {
  it('lets at most its budget of a burst of parallel failed attempts reach the check; the rest wait, with Retry-After', async () => {
    const { app, config } = await testApp({ env: { ADMIN_SIGN_IN_RATE_LIMIT_MAX: '10' } });
    const stranger = virtualPasskey(config.siteUrl);
    stranger.register({ rp: { id: 'www.acme.test' }, user: { id: 'eA' }, challenge: 'eA' });
    const flows = await Promise.all(
      Array.from({ length: 40 }, async () =>
        (await api(app, config, 'POST', '/sign-in/options', { body: {} })).json<{
          flow: string;
          options: Record<string, unknown>;
        }>(),
      ),
    );
    const replies = await Promise.all(
      flows.map(({ flow, options }) =>
        api(app, config, 'POST', '/sign-in', {
          body: { flow, response: stranger.authenticate(options) },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    const limited = replies.filter((reply) => reply.statusCode === 429);
    expect(limited).toHaveLength(30);
    for (const reply of limited) {
      expect(reply.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(reply.json()).toMatchObject({ error: 'rate-limited' });
    }
    // Each attempt that reached the check is in the activity log: no more than the budget.
    const checked = await tablesOf<AccountTables>(app.storage.db)
      .selectFrom('admin_activity')
      .select('action')
      .where('action', '=', 'sign-in-failed')
      .execute();
    expect(checked).toHaveLength(10);
  });

  it('gives a successful sign-in’s attempt back, so colleagues behind one address keep signing in between failed attempts', async () => {
    const clock = manualClock('2026-11-24T09:00:00Z');
    const { app, config } = await testApp({ now: clock.now, env: { ADMIN_SIGN_IN_RATE_LIMIT_MAX: '3' } });
    const staff = await staffMember(app, config);
    const stranger = virtualPasskey(config.siteUrl);
    stranger.register({ rp: { id: 'www.acme.test' }, user: { id: 'eA' }, challenge: 'eA' });
    expect((await signInWith(app, config, stranger)).statusCode).toBe(401);
    expect((await signInWith(app, config, stranger)).statusCode).toBe(401);
    for (let round = 0; round < 5; round++) {
      expect((await signInWith(app, config, staff.passkey)).statusCode, `sign-in ${round + 1}`).toBe(200);
    }
    expect((await signInWith(app, config, stranger)).statusCode).toBe(401);
    const limited = await signInWith(app, config, staff.passkey);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBe(600);
    clock.advance(600_000);
    expect((await signInWith(app, config, staff.passkey)).statusCode).toBe(200);
  });
});
