import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { accountIdOf, callsAs, leadNamed } from '../test/team-helpers.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { TeamTables } from './team-tables.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

/** An app with Asha (an admin, signed in) and the calls she makes. */
async function team(config: Config = testConfig()) {
  const { app } = await testApp({ config });
  const asha = await staffMember(app, config, 'asha.rao@acme.test');
  const as = callsAs(app, config);
  const idOf = (email: string) => accountIdOf(app, email);
  return { app, config, call: as(asha.cookie), as, idOf };
}

const emails = (app: FastifyInstance, kind: string) =>
  tablesOf<OutboxTables>(app.storage.db)
    .selectFrom('outbox')
    .select(['recipient', 'owner_id'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

const ownersOf = async (app: FastifyInstance) =>
  tablesOf<LeadTables>(app.storage.db)
    .selectFrom('quote_requests')
    .select(['owner_id'])
    .where('spam', '=', 0)
    .orderBy('id')
    .execute();

describe(`owners on ${testDatabase}`, () => {
  it("are set on the lead's page, logged on its timeline, shown in the list, and tell the new owner", async () => {
    const { app, config, call, as, idOf } = await team();
    const ravi = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
    const raviId = await idOf('ravi.kumar@acme.test');
    const id = await leadNamed(app, 'Meera Iyer');
    expect((await call('GET', `/leads/${id}`)).json().owner).toBeNull();

    expect((await call('POST', `/leads/${id}/owner`, { ownerId: raviId })).statusCode).toBe(204);
    const lead = (await call('GET', `/leads/${id}`)).json();
    expect(lead.owner).toEqual({ id: raviId, name: 'Ravi Kumar' });
    expect(lead.timeline.at(-1)).toMatchObject({
      kind: 'owner',
      by: 'asha.rao@acme.test',
      text: 'Owner: Nobody → Ravi Kumar',
    });
    expect(await emails(app, 'lead-for-you')).toEqual([{ recipient: 'ravi.kumar@acme.test', owner_id: id }]);
    const activity = (await call('GET', '/activity')).json().entries;
    expect(activity[0]).toMatchObject({
      action: 'owner-changed',
      summary: `Lead #${id}: Nobody → Ravi Kumar`,
    });

    // A member may change it too; taking it oneself emails nobody.
    const asRavi = as(ravi.cookie);
    expect((await asRavi('POST', `/leads/${id}/owner`, { ownerId: null })).statusCode).toBe(204);
    expect((await asRavi('POST', `/leads/${id}/owner`, { ownerId: raviId })).statusCode).toBe(204);
    expect(await emails(app, 'lead-for-you')).toHaveLength(1);
    const unknown = await call('POST', `/leads/${id}/owner`, { ownerId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('unknown-owner');
  });

  it('"Mine" lists only the leads the person owns', async () => {
    const { app, call, idOf } = await team();
    const ids = [
      await leadNamed(app, 'First Lead'),
      await leadNamed(app, 'Second Lead'),
      await leadNamed(app, 'Third Lead'),
    ];
    const asha = await idOf('asha.rao@acme.test');
    await call('POST', `/leads/${ids[0]}/owner`, { ownerId: asha });
    await call('POST', `/leads/${ids[2]}/owner`, { ownerId: asha });
    const mine = (await call('GET', '/leads?mine=1')).json();
    expect(mine.leads.map((lead: { name: string }) => lead.name)).toEqual(['Third Lead', 'First Lead']);
    const all = (await call('GET', '/leads')).json();
    expect(
      all.leads.map((lead: { owner: { name: string } | null }) => lead.owner?.name ?? 'Unassigned'),
    ).toEqual(['Asha Rao', 'Unassigned', 'Asha Rao']);
  });

  it('"Take turns" gives new leads round the team, skipping those who opted out and the revoked', async () => {
    const { app, config, call, as, idOf } = await team();
    const ravi = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
    await staffMember(app, config, 'nila.das@acme.test', 'member');
    await staffMember(app, config, 'gone@acme.test', 'member');
    await tablesOf<AccountTables>(app.storage.db)
      .updateTable('admin_accounts')
      .set({ revoked_at: new Date().toISOString() })
      .where('email', '=', 'gone@acme.test')
      .execute();
    await leadNamed(app, 'Before Turns');
    expect((await call('GET', '/settings/assignment')).json()).toEqual({ mode: 'unassigned' });
    expect((await call('POST', '/settings/assignment', { mode: 'turns' })).json()).toEqual({ mode: 'turns' });
    expect(
      (await as(ravi.cookie)('POST', '/account/preferences', { takesLeads: false })).json().takesLeads,
    ).toBe(false);

    for (const name of ['Lead One', 'Lead Two', 'Lead Three', 'Lead Four']) await leadNamed(app, name);
    const [asha, nila] = [await idOf('asha.rao@acme.test'), await idOf('nila.das@acme.test')];
    expect((await ownersOf(app)).map((row) => row.owner_id)).toEqual([null, asha, nila, asha, nila]);
    const lead = (await call('GET', '/leads?mine=1')).json().leads[0];
    const detail = (await call('GET', `/leads/${lead.id}`)).json();
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'owner',
      by: null,
      text: 'Assigned in turn to Asha Rao',
    });
    // "My leads" (the default) hears of each lead given to them.
    expect((await emails(app, 'lead-for-you')).map((row) => row.recipient)).toEqual([
      'asha.rao@acme.test',
      'nila.das@acme.test',
      'asha.rao@acme.test',
      'nila.das@acme.test',
    ]);
  });

  it('stays fair with two instances and 100 leads sent at once: every lead owned, each person 100/n ± 1', async () => {
    const config = testConfig();
    const { app, call } = await team(config);
    for (const email of ['b@acme.test', 'c@acme.test']) await staffMember(app, config, email, 'member');
    await call('POST', '/settings/assignment', { mode: 'turns' });
    const { app: other } = await testApp({ config });
    await Promise.all(
      Array.from({ length: 100 }, (_, n) => injectQuote(n % 2 === 0 ? app : other, { name: `Visitor ${n}` })),
    );
    const owners = (await ownersOf(app)).map((row) => row.owner_id);
    expect(owners).toHaveLength(100);
    expect(owners.filter((owner) => owner === null)).toEqual([]);
    const counts = [
      ...owners.reduce((map, owner) => map.set(owner, (map.get(owner) ?? 0) + 1), new Map()).values(),
    ];
    expect(counts.sort()).toEqual([33, 33, 34]);
    const turn = await tablesOf<TeamTables>(app.storage.db)
      .selectFrom('lead_assignment')
      .select('turn')
      .executeTakeFirstOrThrow();
    expect(Number(turn.turn)).toBe(100);
  });
});

describe(`the dashboard's answering per owner, on ${testDatabase}`, () => {
  it('shows time to first contact per owner and the share answered within FIRST_RESPONSE_MINUTES', async () => {
    const { app, call, idOf } = await team();
    const asha = await idOf('asha.rao@acme.test');
    const ids = [
      await leadNamed(app, 'Lead A'),
      await leadNamed(app, 'Lead B'),
      await leadNamed(app, 'Lead C'),
    ];
    await call('POST', `/leads/${ids[0]}/owner`, { ownerId: asha });
    await call('POST', `/leads/${ids[1]}/owner`, { ownerId: asha });
    const db = app.storage.db;
    // Asha answered one in an hour and one in five; nobody answered the unassigned one.
    await tablesOf<LeadTables>(db)
      .updateTable('quote_requests')
      .set({ first_contact_ms: 3_600_000 })
      .where('id', '=', ids[0] ?? 0)
      .execute();
    await tablesOf<LeadTables>(db)
      .updateTable('quote_requests')
      .set({ first_contact_ms: 5 * 3_600_000 })
      .where('id', '=', ids[1] ?? 0)
      .execute();
    const figures = (await call('GET', '/dashboard?period=7d')).json().leads.firstContact;
    expect(figures.withinTarget).toEqual({ minutes: 240, answered: 1, total: 3 });
    expect(figures.byOwner).toEqual([
      { name: 'Asha Rao', leads: 2, contacted: 2, medianMs: 3_600_000 },
      { name: null, leads: 1, contacted: 0, medianMs: null },
    ]);
  });
});
