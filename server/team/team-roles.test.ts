import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { invite, staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { migratedTo } from '../test/migrated-to.ts';
import { tempDir } from '../test/temp-dir.ts';
import { accountIdOf, callsAs } from '../test/team-helpers.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tableLines } from '../test/who-may-call-what.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** An app with an admin (Asha, the first account) and a member (Ravi), both signed in. */
async function team() {
  const config = testConfig();
  const { app } = await testApp({ config });
  const admin = await staffMember(app, config, 'asha.rao@acme.test');
  const member = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
  const as = callsAs(app, config);
  const idOf = (email: string) => accountIdOf(app, email);
  return { app, config, asAdmin: as(admin.cookie), asMember: as(member.cookie), idOf };
}

/** A line's address with each path parameter filled with 1. */
const addressOf = (line: { path: string }) => line.path.replace(/:\w+/g, '1');

/** Signing out ends the session the walk is made with: those go last. */
const signOutLast = <Line extends { path: string }>(endpoints: readonly Line[]) =>
  [...endpoints].sort(
    (a, b) => Number(a.path.startsWith('/sign-out')) - Number(b.path.startsWith('/sign-out')),
  );

describe(`roles on ${testDatabase}`, () => {
  // The oracle is the hand-written table, not the contract: a wrong `access` in the contract fails here.
  it("walks who may call what: a member gets 403 exactly on the admins' endpoints, an admin never", async () => {
    const { asAdmin, asMember } = await team();
    const walked = signOutLast(tableLines().filter((line) => line.callers !== 'anyone'));
    const refusedToMember: string[] = [];
    for (const endpoint of walked) {
      const response = await asMember(
        endpoint.method,
        addressOf(endpoint),
        endpoint.method === 'GET' ? undefined : {},
      );
      const adminOnly = response.statusCode === 403 && response.json().error === 'admin-only';
      if (adminOnly) refusedToMember.push(`${endpoint.method} ${endpoint.path}`);
      expect(adminOnly, `${endpoint.method} ${endpoint.path} as a member`).toBe(endpoint.callers === 'admin');
    }
    expect(refusedToMember).toEqual(
      expect.arrayContaining([
        'GET /settings/integrations',
        'GET /campaigns',
        'GET /team',
        'GET /leads/export.csv',
        'GET /subscribers/export.csv',
      ]),
    );
    for (const endpoint of walked) {
      const response = await asAdmin(
        endpoint.method,
        addressOf(endpoint),
        endpoint.method === 'GET' ? undefined : {},
      );
      expect(
        response.statusCode === 403 && response.json().error === 'admin-only',
        `${endpoint.method} ${endpoint.path} as an admin`,
      ).toBe(false);
    }
  }, 30_000);

  it('tells the inbox who is an admin, and lists the team with roles to admins only', async () => {
    const { asAdmin, asMember } = await team();
    expect((await asMember('GET', '/me')).json().role).toBe('member');
    expect((await asAdmin('GET', '/me')).json().role).toBe('admin');
    const listed = (await asAdmin('GET', '/team')).json();
    expect(
      listed.accounts.map((a: { email: string; role: string; passkeys: number; you: boolean }) => [
        a.email,
        a.role,
        a.passkeys,
        a.you,
      ]),
    ).toEqual([
      ['asha.rao@acme.test', 'admin', 1, true],
      ['ravi.kumar@acme.test', 'member', 1, false],
    ]);
    const refused = await asMember('GET', '/team');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only admins/);
    expect((await asMember('GET', '/people')).json().people.map((p: { name: string }) => p.name)).toEqual([
      'Asha Rao',
      'Ravi Kumar',
    ]);
  });

  it('invites with a role from the Team view: the link makes a member', async () => {
    const { asAdmin, config } = await team();
    const invited = await asAdmin('POST', '/team/invitations', { email: 'Meena@Acme.test', role: 'member' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().link).toMatch(new RegExp(`^${config.siteUrl}/admin/invitation#[A-Za-z0-9_-]{43}$`));
    expect((await asAdmin('GET', '/team')).json().invitations).toEqual([
      expect.objectContaining({ email: 'meena@acme.test', role: 'member' }),
    ]);
    const wrong = await asAdmin('POST', '/team/invitations', { email: 'not an address', role: 'boss' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['email', 'role']);
  });

  it('keeps the last admin: neither demoted nor revoked, one after the other or both at once', async () => {
    const { asAdmin, asMember, idOf, app } = await team();
    const asha = await idOf('asha.rao@acme.test');
    const demoted = await asAdmin('POST', `/team/${asha}/role`, { role: 'member' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toEqual(expect.objectContaining({ error: 'last-admin' }));
    expect((await asAdmin('POST', `/team/${asha}/revoke`)).statusCode).toBe(409);
    // Ravi becomes an admin; then each demotes the other at the same moment: one of them stays admin.
    const ravi = await idOf('ravi.kumar@acme.test');
    expect((await asAdmin('POST', `/team/${ravi}/role`, { role: 'admin' })).statusCode).toBe(204);
    const both = await Promise.all([
      asAdmin('POST', `/team/${ravi}/role`, { role: 'member' }),
      asMember('POST', `/team/${asha}/role`, { role: 'member' }),
    ]);
    // One wins; the other is refused: the last admin (409), or no longer an admin by the time it is read (403).
    const codes = both.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    expect(codes.filter((code) => code === 409 || code === 403)).toHaveLength(1);
    const admins = await tablesOf<AccountTables>(app.storage.db)
      .selectFrom('admin_accounts')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('revokes a member from the Team view: their session ends', async () => {
    const { asAdmin, asMember, idOf } = await team();
    expect((await asAdmin('POST', `/team/${await idOf('ravi.kumar@acme.test')}/revoke`)).statusCode).toBe(
      204,
    );
    expect((await asMember('GET', '/me')).statusCode).toBe(401);
    expect((await asAdmin('GET', '/team')).json().accounts).toHaveLength(1);
  });

  it('the command line invites with --role, admin by default, and refuses a role it does not know', async () => {
    const config = testConfig();
    const { app } = await testApp({ config });
    await staffMember(app, config, 'first@acme.test');
    const { output } = await invite(config, 'second@acme.test', new Date(), 'member');
    expect(output).toMatch(/Invitation for second@acme.test/);
    const stores = await openStores(config);
    opened.push(stores);
    expect((await stores.accounts.pendingInvitations(new Date())).map((i) => i.role)).toEqual(['member']);
    expect((await stores.accounts.byEmail('first@acme.test'))?.role).toBe('admin');
    await expect(invite(config, 'third@acme.test', new Date(), 'owner' as 'admin')).rejects.toThrow(
      /--role must be one of admin, member/,
    );
  });
});

describe(`the upgrade to roles, on ${testDatabase}`, () => {
  it('makes every account there was before an admin', async () => {
    const config = testConfig({}, tempDir());
    await migratedTo(config.database, '2026-11-28-730-answer-files', async (db) => {
      await sql`insert into admin_accounts (email, user_handle, created_at, revoked_at, last_sign_in_at)
        values ('old@acme.test', 'h1', '2026-11-01T00:00:00.000Z', null, null),
               ('gone@acme.test', 'h2', '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z', null)`.execute(
        db,
      );
    });
    const stores = await openStores(config);
    opened.push(stores);
    const rows = await tablesOf<AccountTables>(stores.storage.db)
      .selectFrom('admin_accounts')
      .select(['email', 'role'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { email: 'old@acme.test', role: 'admin' },
      { email: 'gone@acme.test', role: 'admin' },
    ]);
  });
});
