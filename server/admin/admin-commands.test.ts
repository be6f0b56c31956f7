import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli/cli-args.ts';
import { openStores } from '../stores.ts';
import { testConfig } from '../test/test-app.ts';
import { runAdminCommand } from './admin-commands.ts';

async function admin(...args: string[]) {
  const config = testConfig();
  const stores = await openStores(config);
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  const run = (...more: string[]) =>
    runAdminCommand(more, { ...stores, siteUrl: config.siteUrl, io, now: new Date('2026-11-24T09:00:00Z') });
  try {
    const code = await run(...args);
    return { code, out, err, run, stores };
  } finally {
    await stores.close();
  }
}

describe('npm run admin', () => {
  it('invite prints a one-time link to SITE_URL on a line of its own, even on an empty database', async () => {
    const { code, out } = await admin('invite', 'Priya@Acme.test');
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe(
      'Invitation for priya@acme.test, valid once until 2026-11-25 09:00 UTC. Send them this link:',
    );
    expect(lines[1]).toMatch(/^https:\/\/www\.acme\.test\/admin\/invitation#[A-Za-z0-9_-]{43}$/);
  });

  it('list says how to make the first account when there is none', async () => {
    expect((await admin('list')).out).toBe(
      'No accounts yet: make the first with npm run admin -- invite <email>.\n',
    );
  });

  it('revoke of an unknown address exits 1; a bad address or command is a usage error', async () => {
    expect(await admin('revoke', 'nobody@acme.test')).toMatchObject({
      code: 1,
      err: 'No account for nobody@acme.test.\n',
    });
    await expect(admin('invite', 'not-an-address')).rejects.toThrow(UsageError);
    await expect(admin('frobnicate')).rejects.toThrow('Unknown command "frobnicate".');
  });
});
