import { describe, expect, it } from 'vitest';
import type { EndpointAccess } from '../../common/inbox-api/endpoint.ts';
import { allEndpoints } from '../../common/inbox-api/endpoints.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testApp } from '../test/test-app.ts';
import { tableLines, WHO_MAY_CALL_WHAT, type Callers } from '../test/who-may-call-what.ts';

/** What the contract's word for who may call an endpoint means in the table's words. */
const CALLERS_OF: Record<EndpointAccess, Callers> = {
  public: 'anyone',
  staff: 'admin, member',
  admin: 'admin',
};

/** The guard's answer, if it refused the call: no session, a member on an admin's endpoint, another site. */
function refusalOf(response: { statusCode: number; json: () => { error?: string } }) {
  if (response.statusCode !== 401 && response.statusCode !== 403) return null;
  const { error } = response.json();
  return error === 'unauthenticated' || error === 'admin-only' || error === 'cross-site' ? error : null;
}

/** A line's address with each path parameter filled with 1. */
const addressOf = (path: string) => path.replace(/:\w+/g, '1');

describe('who may call what: the hand-written table', () => {
  it('is the contract: every endpoint is in the table with the same callers, and nothing more', () => {
    const fromContract = Object.fromEntries(
      allEndpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, CALLERS_OF[endpoint.access]]),
    );
    expect(Object.keys(fromContract)).toHaveLength(allEndpoints.length);
    expect(fromContract).toEqual(WHO_MAY_CALL_WHAT);
  });
});

describe(`who may call what: the server, on ${testDatabase}`, () => {
  // Each walk makes a call per line of the table (78 and more): more than the default 5 s on a busy machine.
  it('answers a call without a session with 401 on every line but those anyone may call', async () => {
    const { app, config } = await testApp();
    const refused: string[] = [];
    for (const { line, method, path, callers } of tableLines()) {
      const response = await api(app, config, method, addressOf(path), {
        ...(method === 'GET' ? {} : { body: {} }),
      });
      const refusal = refusalOf(response);
      if (refusal) refused.push(line);
      expect(refusal, `${line} without a session`).toBe(callers === 'anyone' ? null : 'unauthenticated');
    }
    expect(refused).toHaveLength(tableLines().filter(({ callers }) => callers !== 'anyone').length);
  }, 30_000);

  it('refuses neither a member nor an admin on the lines anyone may call', async () => {
    const { app, config } = await testApp();
    const admin = await staffMember(app, config, 'asha.rao@acme.test');
    const member = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
    const anyones = tableLines().filter(({ callers }) => callers === 'anyone');
    expect(anyones.length).toBeGreaterThan(0);
    for (const [who, cookie] of [
      ['a member', member.cookie],
      ['an admin', admin.cookie],
    ] as const) {
      for (const { line, method, path } of anyones) {
        const response = await api(app, config, method, addressOf(path), {
          cookie,
          ...(method === 'GET' ? {} : { body: {} }),
        });
        expect(refusalOf(response), `${line} as ${who}`).toBe(null);
      }
    }
  }, 30_000);

  it("refuses another site's call on every line, with an admin's session or none", async () => {
    const { app, config } = await testApp();
    const admin = await staffMember(app, config, 'asha.rao@acme.test');
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const cookie of [admin.cookie, undefined]) {
      for (const { line, method, path } of tableLines()) {
        const response = await api(app, config, method, addressOf(path), {
          ...(cookie ? { cookie } : {}),
          ...(method === 'GET' ? {} : { body: {} }),
          headers: crossSite,
        });
        expect(refusalOf(response), `${line} from another site`).toBe('cross-site');
      }
    }
  }, 30_000);
});
