import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { keptMail } from '../test/kept-mail.ts';
import { HOUR_MS, manualClock } from '../test/manual-clock.ts';
import { accountIdOf, leadNamed } from '../test/team-helpers.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

const DAY_MS = 24 * HOUR_MS;
/** Monday 23 November 2026, 08:30 in Asia/Kolkata (ADMIN_TIME_ZONE's default): before 09:00's reminders. */
const MONDAY_0830 = '2026-11-23T03:00:00.000Z';

type Clock = ReturnType<typeof manualClock>;

/** An app on the config's database, with a signed-in admin (the first account). */
async function team(clock: Clock, config: Config = testConfig()) {
  const { app } = await testApp({ config, now: clock.now });
  const staff = await staffMember(app, config, 'asha.rao@acme.test');
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });
  return { app, config, call };
}

async function reminders(app: FastifyInstance) {
  const rows = await tablesOf<OutboxTables>(app.storage.db)
    .selectFrom('outbox')
    .select(['recipient', 'owner_id'])
    .where('kind', '=', 'lead-follow-up')
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.owner_id} ${row.recipient}`);
}

const accountId = accountIdOf;

describe(`follow-ups on ${testDatabase}`, () => {
  it('are set and cleared on the lead, each change on its timeline and in the activity log', async () => {
    const { app, call } = await team(manualClock(MONDAY_0830));
    const id = await leadNamed(app, 'Meera Iyer');
    expect((await call('GET', `/leads/${id}/follow-up`)).json()).toEqual({ on: null, today: '2026-11-23' });

    const set = await call('POST', `/leads/${id}/follow-up`, { on: '2026-12-01' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ on: '2026-12-01', today: '2026-11-23' });
    const done = await call('DELETE', `/leads/${id}/follow-up`);
    expect(done.json()).toEqual({ on: null, today: '2026-11-23' });

    const timeline = (await call('GET', `/leads/${id}`)).json<{
      timeline: { kind: string; text?: string }[];
    }>();
    expect(
      timeline.timeline.filter((entry) => entry.kind === 'follow-up').map((entry) => entry.text),
    ).toEqual(['Follow up on Tue 1 Dec', 'Follow-up done (was Tue 1 Dec)']);
    const log = (await call('GET', '/activity')).json<{ entries: { action: string; summary: string }[] }>();
    expect(log.entries.filter((entry) => entry.action === 'follow-up-changed').map((e) => e.summary)).toEqual(
      [`Lead #${id}: follow-up done (was Tue 1 Dec)`, `Lead #${id}: follow up on Tue 1 Dec`],
    );
  });

  it('refuses a date that has passed, with a message saying so', async () => {
    const { app, call } = await team(manualClock(MONDAY_0830));
    const id = await leadNamed(app, 'Meera Iyer');
    const refused = await call('POST', `/leads/${id}/follow-up`, { on: '2026-11-22' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'past-date', message: expect.stringMatching(/passed/) });
    expect((await call('POST', `/leads/${id}/follow-up`, { on: '2026-11-23' })).statusCode).toBe(200);
    expect((await call('POST', '/leads/999999/follow-up', { on: '2026-11-23' })).statusCode).toBe(404);
  });

  it('lists overdue, today and upcoming, without spam, won or lost, and "Mine" only mine', async () => {
    const clock = manualClock(MONDAY_0830);
    const { app, call } = await team(clock);
    const names = ['Overdue Lead', 'Today Lead', 'Upcoming Lead', 'Won Lead', 'Spam Lead', 'No Date Lead'];
    const ids = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await leadNamed(app, n)])));
    const on = (name: string, date: string) => call('POST', `/leads/${ids[name]}/follow-up`, { on: date });
    await on('Overdue Lead', '2026-11-23');
    await on('Today Lead', '2026-11-23');
    await on('Upcoming Lead', '2026-11-30');
    await on('Won Lead', '2026-11-23');
    await on('Spam Lead', '2026-11-23');
    await call('POST', `/leads/${ids['Won Lead']}/status`, { status: 'won' });
    await call('POST', `/leads/${ids['Spam Lead']}/spam`, { spam: true });
    const me = await accountId(app, 'asha.rao@acme.test');
    await tablesOf<LeadTables>(app.storage.db)
      .updateTable('quote_requests')
      .set({ owner_id: me })
      .where('id', '=', ids['Today Lead'])
      .execute();
    // Set last week (a past date cannot be chosen now): overdue.
    await tablesOf<LeadTables>(app.storage.db)
      .updateTable('quote_requests')
      .set({ follow_up_on: '2026-11-16' })
      .where('id', '=', ids['Overdue Lead'])
      .execute();

    const list = (await call('GET', '/follow-ups')).json();
    const group = (g: { leads: { name: string }[]; total: number }) => [
      g.total,
      ...g.leads.map((l) => l.name),
    ];
    expect(list.today).toBe('2026-11-23');
    expect(group(list.overdue)).toEqual([1, 'Overdue Lead']);
    expect(group(list.due)).toEqual([1, 'Today Lead']);
    expect(group(list.upcoming)).toEqual([1, 'Upcoming Lead']);
    expect(list.due.leads[0]).toMatchObject({ owner: 'Asha Rao', status: 'new', on: '2026-11-23' });
    expect(list.overdue.leads[0]).toMatchObject({ owner: null, reference: expect.stringMatching(/^Q-/) });

    const mine = (await call('GET', '/follow-ups?mine=1')).json();
    expect([mine.overdue.total, mine.due.total, mine.upcoming.total]).toEqual([0, 1, 0]);
  });
});

describe(`follow-up reminders on ${testDatabase}`, () => {
  it('go out once on the day at 09:00, and never again after a restart', async () => {
    const clock = manualClock(MONDAY_0830);
    const config = testConfig();
    const first = await team(clock, config);
    const id = await leadNamed(first.app, 'Meera Iyer');
    await first.call('POST', `/leads/${id}/follow-up`, { on: '2026-11-24' });
    clock.advance(DAY_MS); // Tuesday 08:30: not yet
    expect(await first.app.followUpReminders.runOnce()).toBe(0);
    clock.advance(HOUR_MS / 2); // 09:00
    expect(await first.app.followUpReminders.runOnce()).toBe(1);
    expect(await first.app.followUpReminders.runOnce()).toBe(0);
    await first.app.close();

    const { app: restarted } = await testApp({ config, now: clock.now });
    expect(await restarted.followUpReminders.runOnce()).toBe(0);
    expect(await reminders(restarted)).toEqual([`${id} asha.rao@acme.test`]);
    await restarted.outboxWorker.runOnce();
    const [email, ...others] = (await keptMail(config)).filter(({ eml }) => eml.includes('Follow up:'));
    expect(others).toHaveLength(0);
    expect(email?.eml).toMatch(/^Subject: Follow up: Meera Iyer \(Q-[0-9A-Z]+\)$/m);
    expect(email?.eml).toMatch(/^To: asha\.rao@acme\.test$/m);
    expect(email?.eml).toContain('https://www.acme.test/admin?q=3DQ-');
  });

  it('go out once when two instances check at the same moment', async () => {
    const clock = manualClock(MONDAY_0830);
    const config = testConfig();
    const { app, call } = await team(clock, config);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => leadNamed(app, `Lead ${n}`)));
    for (const id of ids) await call('POST', `/leads/${id}/follow-up`, { on: '2026-11-24' });
    const { app: other } = await testApp({ config, now: clock.now });
    clock.advance(DAY_MS + HOUR_MS);
    const counts = await Promise.all([app.followUpReminders.runOnce(), other.followUpReminders.runOnce()]);
    expect(counts[0] + counts[1]).toBe(30);
    expect(await reminders(app)).toHaveLength(30);
  });

  it("go to the lead's owner; without one, or with a revoked one, to every admin", async () => {
    const clock = manualClock(MONDAY_0830);
    const { app, config, call } = await team(clock);
    await staffMember(app, config, 'ravi@acme.test'); // a second admin
    await staffMember(app, config, 'nila@acme.test');
    await staffMember(app, config, 'gone@acme.test');
    const db = app.storage.db;
    await tablesOf<AccountTables>(db)
      .updateTable('admin_accounts')
      .set({ role: 'member' })
      .where('email', 'in', ['nila@acme.test', 'gone@acme.test'])
      .execute();
    await tablesOf<AccountTables>(db)
      .updateTable('admin_accounts')
      .set({ revoked_at: clock.now().toISOString() })
      .where('email', '=', 'gone@acme.test')
      .execute();
    const owned = await leadNamed(app, 'Owned Lead');
    const nobodys = await leadNamed(app, 'Nobody Lead');
    const revoked = await leadNamed(app, 'Revoked Owner Lead');
    await tablesOf<LeadTables>(db)
      .updateTable('quote_requests')
      .set({ owner_id: await accountId(app, 'nila@acme.test') })
      .where('id', '=', owned)
      .execute();
    await tablesOf<LeadTables>(db)
      .updateTable('quote_requests')
      .set({ owner_id: await accountId(app, 'gone@acme.test') })
      .where('id', '=', revoked)
      .execute();
    for (const id of [owned, nobodys, revoked])
      await call('POST', `/leads/${id}/follow-up`, { on: '2026-11-23' });
    clock.advance(HOUR_MS);
    expect(await app.followUpReminders.runOnce()).toBe(3);
    expect((await reminders(app)).sort()).toEqual(
      [
        `${owned} nila@acme.test`,
        `${nobodys} asha.rao@acme.test`,
        `${nobodys} ravi@acme.test`,
        `${revoked} asha.rao@acme.test`,
        `${revoked} ravi@acme.test`,
      ].sort(),
    );
  });

  it('go out at once for a follow-up set for today after 09:00, and again for a new date', async () => {
    const clock = manualClock(MONDAY_0830);
    const { app, call } = await team(clock);
    const id = await leadNamed(app, 'Meera Iyer');
    clock.advance(2 * HOUR_MS); // 10:30
    await call('POST', `/leads/${id}/follow-up`, { on: '2026-11-23' });
    expect(await reminders(app)).toEqual([`${id} asha.rao@acme.test`]);
    await call('POST', `/leads/${id}/follow-up`, { on: '2026-11-25' });
    clock.advance(2 * DAY_MS);
    expect(await app.followUpReminders.runOnce()).toBe(1);
    expect(await reminders(app)).toHaveLength(2);
  });
});
