import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { openStorage, type Storage } from '../db/database.ts';
import { migrations } from '../stores.ts';
import { staffMember } from '../test/admin-client.ts';
import { manualClock } from '../test/manual-clock.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { virtualPasskey } from '../test/virtual-passkey.ts';
import { CeremonyFailed, createCeremonies } from './ceremonies.ts';
import { FLOWS_PER_NETWORK } from './ceremony-flows.ts';
import { storedText } from '../test/stored-text.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

const rp = { name: 'Acme inbox', id: 'www.acme.test', origin: 'https://www.acme.test' };
const user = { email: 'priya@acme.test', handle: 'cHJpeWE' };
const OFFICE = '198.51.100.7';

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

/** One database, opened by `servers` servers: each with its own connection and its own ceremonies. */
async function servers(count: number, now?: () => Date) {
  // The same database for each (on PostgreSQL, the test's database on the shared cluster).
  const { database } = testConfig({ DATABASE_BUSY_TIMEOUT_MS: '1000' });
  const result = [];
  for (let index = 0; index < count; index++) {
    const storage = await openStorage({ ...database, migrations });
    opened.push(storage);
    result.push({ storage, ceremonies: createCeremonies(storage, rp, now) });
  }
  return result;
}

/** A browser's answer to invitation options from `server`: the flow and the new passkey. */
async function newPasskeyFlow(ceremonies: ReturnType<typeof createCeremonies>, from = OFFICE) {
  const { flow, options } = await ceremonies.registration(from, 'invitation', 'invitation-hash', user);
  return { flow, response: virtualPasskey(rp.origin).register(options) };
}

const finish = (ceremonies: ReturnType<typeof createCeremonies>, flow: string, response: unknown) =>
  ceremonies.verifyRegistration('invitation', 'invitation-hash', flow, response, 'Passkey 1');

describe('passkey ceremonies in the database', () => {
  it('finish on another server than the one that opened them', async () => {
    const [first, second] = await servers(2);
    const { flow, response } = await newPasskeyFlow(first!.ceremonies);
    const { passkey, userHandle } = await finish(second!.ceremonies, flow, response);
    expect(userHandle).toBe(user.handle);
    expect(passkey.name).toBe('Passkey 1');
  });

  it('finish once: a second answer to the flow fails, on either server, even at the same moment', async () => {
    const [first, second] = await servers(2);
    const { flow, response } = await newPasskeyFlow(first!.ceremonies);
    const outcomes = await Promise.allSettled([
      finish(first!.ceremonies, flow, response),
      finish(second!.ceremonies, flow, response),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(failed?.reason).toBeInstanceOf(CeremonyFailed);
    expect(String(failed?.reason)).toContain('This passkey request has expired. Please try again.');
    await expect(finish(first!.ceremonies, flow, response)).rejects.toThrow(CeremonyFailed);
  });

  it('expire after 5 minutes, and their rows are deleted', async () => {
    const clock = manualClock('2026-11-25T09:00:00Z');
    const [server] = await servers(1, clock.now);
    const { ceremonies, storage } = server!;
    const inTime = await newPasskeyFlow(ceremonies);
    const late = await newPasskeyFlow(ceremonies);
    clock.advance(5 * 60 * 1000 - 1);
    await expect(finish(ceremonies, inTime.flow, inTime.response)).resolves.toBeDefined();
    clock.advance(1);
    await expect(finish(ceremonies, late.flow, late.response)).rejects.toThrow(CeremonyFailed);

    const unfinished = await newPasskeyFlow(ceremonies);
    clock.advance(5 * 60 * 1000);
    await newPasskeyFlow(ceremonies);
    const rows = await tablesOf<AccountTables>(storage.db)
      .selectFrom('admin_ceremonies')
      .select('flow_hash')
      .execute();
    expect(rows).toHaveLength(1);
    await expect(finish(ceremonies, unfinished.flow, unfinished.response)).rejects.toThrow(CeremonyFailed);
  });

  it('keep no flow id and no client address, only their hashes', async () => {
    const [server] = await servers(1);
    const { flow } = await newPasskeyFlow(server!.ceremonies, '203.0.113.199');
    const database = await storedText(server!.storage);
    expect(database).toContain(user.handle);
    expect(database).not.toContain(flow);
    expect(database).not.toContain('203.0.113.199');
  });
});

/** Sign-in options as the page asks for them, from a client address. */
async function signInOptions(app: FastifyInstance, config: Config, from: string) {
  const reply = await app.inject({
    method: 'POST',
    url: '/admin/api/sign-in/options',
    remoteAddress: from,
    headers: { origin: config.siteUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ flow: string; options: Record<string, unknown> }>();
}

async function signIn(
  app: FastifyInstance,
  config: Config,
  from: string,
  answer: { flow: string; response: unknown },
) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    remoteAddress: from,
    headers: { origin: config.siteUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    payload: JSON.stringify(answer),
  });
}

describe('open ceremonies per client network', () => {
  it('a flood of options from one IPv6 /64 replaces only its own oldest flows, never a colleague’s', async () => {
    const { app, config } = await testApp();
    const staff = await staffMember(app, config);
    const colleague = await signInOptions(app, config, OFFICE);

    const flood = (index: number) => `2001:db8:1:2:${(index % 0xffff).toString(16)}::${index.toString(16)}`;
    const floodFlows: { flow: string; options: Record<string, unknown> }[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, index) => signInOptions(app, config, flood(batch * 100 + index))),
      );
      floodFlows.push(...replies);
    }

    const open = await tablesOf<AccountTables>(app.storage.db)
      .selectFrom('admin_ceremonies')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(open.count)).toBe(FLOWS_PER_NETWORK + 1);

    const signedIn = await signIn(app, config, OFFICE, {
      flow: colleague.flow,
      response: staff.passkey.authenticate(colleague.options),
    });
    expect(signedIn.statusCode).toBe(200);

    // The flooding network's oldest flow went to make room for its newer ones.
    const oldest = floodFlows[0]!;
    const replaced = await signIn(app, config, flood(0), {
      flow: oldest.flow,
      response: staff.passkey.authenticate(oldest.options),
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toMatchObject({ message: 'This passkey request has expired. Please try again.' });
    const newest = floodFlows.at(-1)!;
    const kept = await signIn(app, config, flood(999), {
      flow: newest.flow,
      response: staff.passkey.authenticate(newest.options),
    });
    expect(kept.statusCode).toBe(200);
    // 1,000 ceremonies, one at a time per network (on PostgreSQL under its lock): seconds on a busy machine.
  }, 30_000);
});
