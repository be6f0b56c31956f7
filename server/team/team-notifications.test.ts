import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { parseIncomingMail } from '../conversations/incoming-mail.ts';
import { receiveMail } from '../conversations/receive-mail.ts';
import { staffMember } from '../test/admin-client.ts';
import { digestEmailKind } from './digest-email-kind.ts';
import { testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { HOUR_MS, manualClock } from '../test/manual-clock.ts';
import { accountIdOf, callsAs, leadNamed } from '../test/team-helpers.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { AccountTables } from '../accounts/admin-tables.ts';

/** Monday 23 November 2026, 08:30 in Asia/Kolkata: before 09:00's digests. */
const MONDAY_0830 = '2026-11-23T03:00:00.000Z';
type Clock = ReturnType<typeof manualClock>;

/** An app on the config's database with Asha (admin) and Ravi (member), and their calls. */
async function team(clock: Clock, config: Config = testConfig()) {
  const { app } = await testApp({ config, now: clock.now });
  const asha = await staffMember(app, config, 'asha.rao@acme.test');
  const ravi = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
  const as = callsAs(app, config);
  const idOf = (email: string) => accountIdOf(app, email);
  return { app, config, asAsha: as(asha.cookie), asRavi: as(ravi.cookie), idOf };
}

const sent = (app: FastifyInstance, kind: string) =>
  tablesOf<OutboxTables>(app.storage.db)
    .selectFrom('outbox')
    .select(['recipient', 'owner_id'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

describe(`notifications each person chooses, on ${testDatabase}`, () => {
  it('are saved in Account and read back; "All leads" emails each such person about every new lead', async () => {
    const { app, asAsha, asRavi } = await team(manualClock(MONDAY_0830));
    expect((await asRavi('GET', '/account/preferences')).json()).toEqual({
      takesLeads: true,
      newLeadEmails: 'mine',
      dailyDigest: false,
      answerEmails: true,
      digestAt: '09:00',
    });
    const saved = await asRavi('POST', '/account/preferences', { newLeadEmails: 'all', dailyDigest: true });
    expect(saved.json()).toMatchObject({ newLeadEmails: 'all', dailyDigest: true, answerEmails: true });
    await asAsha('POST', '/account/preferences', { newLeadEmails: 'none' });

    const id = await leadNamed(app, 'Meera Iyer');
    await injectQuote(app, { name: 'Spam Bot', website: 'http://spam.example' });
    expect(await sent(app, 'lead-new-for-staff')).toEqual([
      { recipient: 'ravi.kumar@acme.test', owner_id: id },
    ]);
    // The company inbox keeps its own notification.
    expect(await sent(app, 'notification')).toHaveLength(1);
  });

  it("tell a lead's owner of a client's answer; a lead without one tells everyone who chose so", async () => {
    const { app, asAsha, idOf } = await team(manualClock(MONDAY_0830));
    const owned = await leadNamed(app, 'Owned Lead', { email: 'owned@client.example' });
    const free = await leadNamed(app, 'Free Lead', { email: 'free@client.example' });
    await asAsha('POST', `/leads/${owned}/owner`, { ownerId: await idOf('ravi.kumar@acme.test') });
    const staff = (
      await tablesOf<AccountTables>(app.storage.db)
        .selectFrom('admin_accounts')
        .select(['id', 'email'])
        .execute()
    ).map((account) => ({ ...account, answerEmails: true }));
    for (const [from, reference] of [
      ['owned@client.example', owned],
      ['free@client.example', free],
    ] as const) {
      const lead = await tablesOf<LeadTables>(app.storage.db)
        .selectFrom('quote_requests')
        .select('reference')
        .where('id', '=', reference)
        .executeTakeFirstOrThrow();
      const mail = await parseIncomingMail(
        Buffer.from(
          `From: ${from}\r\nTo: hello@acme.test\r\nSubject: Re: Your quote request ${lead.reference}\r\nMessage-ID: <${reference}@client.example>\r\n\r\nYes, please.\r\n`,
        ),
      );
      await app.storage.write.run((trx) =>
        receiveMail(trx, mail, { at: new Date(), staff, mailDomain: 'acme.test' }),
      );
    }
    expect((await sent(app, 'conversation-answer')).map((row) => `${row.owner_id} ${row.recipient}`)).toEqual(
      [`${owned} ravi.kumar@acme.test`, `${free} asha.rao@acme.test`, `${free} ravi.kumar@acme.test`],
    );
  });
});

describe(`escalation of leads nobody answered, on ${testDatabase}`, () => {
  it('emails the owner and the admins once, after FIRST_RESPONSE_MINUTES, across a restart and two instances', async () => {
    const clock = manualClock(MONDAY_0830);
    const config = testConfig();
    const { app, asAsha, idOf } = await team(clock, config);
    const waiting = await leadNamed(app, 'Waiting Lead');
    const answered = await leadNamed(app, 'Answered Lead');
    await asAsha('POST', `/leads/${waiting}/owner`, { ownerId: await idOf('ravi.kumar@acme.test') });
    await asAsha('POST', `/leads/${answered}/status`, { status: 'contacted' });
    clock.advance(4 * HOUR_MS - 60_000);
    expect(await app.teamChecks.runOnce()).toBe(0);
    clock.advance(2 * 60_000);
    const { app: other } = await testApp({ config, now: clock.now });
    const counts = await Promise.all([app.teamChecks.runOnce(), other.teamChecks.runOnce()]);
    expect(counts[0] + counts[1]).toBe(1);
    const { app: restarted } = await testApp({ config, now: clock.now });
    expect(await restarted.teamChecks.runOnce()).toBe(0);
    expect(
      (await sent(app, 'lead-escalation')).map((row) => `${row.owner_id} ${row.recipient}`).sort(),
    ).toEqual([`${waiting} asha.rao@acme.test`, `${waiting} ravi.kumar@acme.test`]);
  });

  it('is off with FIRST_RESPONSE_MINUTES=0', async () => {
    const clock = manualClock(MONDAY_0830);
    const { app } = await team(clock, testConfig({ FIRST_RESPONSE_MINUTES: '0' }));
    await leadNamed(app, 'Waiting Lead');
    clock.advance(48 * HOUR_MS);
    await app.teamChecks.runOnce();
    expect(await sent(app, 'lead-escalation')).toEqual([]);
  });
});

describe(`the daily digest, on ${testDatabase}`, () => {
  it('goes at FOLLOW_UP_REMINDER_TIME once a day to those who chose it, and not at all with nothing to tell', async () => {
    const clock = manualClock(MONDAY_0830);
    const config = testConfig({ FIRST_RESPONSE_MINUTES: '0' });
    const { app, asAsha, asRavi } = await team(clock, config);
    await asAsha('POST', '/account/preferences', { dailyDigest: true });
    await asRavi('POST', '/account/preferences', { dailyDigest: true });
    await leadNamed(app, 'Waiting Lead');
    expect(await app.teamChecks.runOnce()).toBe(0); // 08:30: not yet
    clock.advance(HOUR_MS);
    const { app: other } = await testApp({ config, now: clock.now });
    const counts = await Promise.all([app.teamChecks.runOnce(), other.teamChecks.runOnce()]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await other.teamChecks.runOnce()).toBe(0);
    expect((await sent(app, 'staff-digest')).map((row) => row.recipient).sort()).toEqual([
      'asha.rao@acme.test',
      'ravi.kumar@acme.test',
    ]);
    // What it says, read when it is sent: the lead by name and reference, with a link.
    const row = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'staff-digest')
      .executeTakeFirstOrThrow();
    const kind = digestEmailKind({ from: config.mail.from, siteUrl: config.siteUrl });
    const email = await app.storage.write.run((trx) => kind.prepare(trx, row, clock.now()));
    expect(email).toMatchObject({
      subject: 'Your day in the inbox: 1 waiting, 0 to follow up, 0 new replies',
    });
    expect('text' in email ? email.text : '').toMatch(
      /Waiting for a first contact \(1\)\n- Waiting Lead \(Q-\w+\): http/,
    );
    // The next day, with the lead answered and nothing due: no digest.
    await tablesOf<LeadTables>(app.storage.db)
      .updateTable('quote_requests')
      .set({ first_contact_ms: 1000 })
      .execute();
    clock.advance(24 * HOUR_MS);
    expect(await app.teamChecks.runOnce()).toBe(0);
    expect(await sent(app, 'staff-digest')).toHaveLength(2);
  });
});
