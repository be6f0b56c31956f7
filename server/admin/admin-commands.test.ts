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
    runAdminCommand(more, {
      ...stores,
      siteUrl: config.siteUrl,
      siteUrlIsSet: true,
      io,
      now: new Date('2026-11-24T09:00:00Z'),
    });
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

  it('invite without SITE_URL links to the inbox on the local server, and says so', async () => {
    const config = testConfig({ SITE_URL: '', PORT: '4321' });
    const stores = await openStores(config);
    let out = '';
    let err = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
    try {
      const context = {
        ...stores,
        siteUrl: config.siteUrl,
        siteUrlIsSet: config.siteUrlIsSet,
        io,
        now: new Date(),
      };
      expect(await runAdminCommand(['invite', 'priya@acme.test'], context)).toBe(0);
      expect(out).toMatch(/^http:\/\/localhost:4321\/admin\/invitation#[A-Za-z0-9_-]{43}$/m);
      expect(err).toMatch(
        /^SITE_URL is not set: the link opens the inbox on this machine's server, http:\/\/localhost:4321\./,
      );
    } finally {
      await stores.close();
    }
  });

  it('list says how to make the first account when there is none', async () => {
    expect((await admin('list')).out).toBe(
      'No accounts yet: make the first with npm run admin -- invite <email>.\n',
    );
  });

  it('list shows the invitations still waiting to be accepted, with when they expire', async () => {
    const config = testConfig();
    const stores = await openStores(config);
    let out = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (out += text) };
    const run = (at: string, ...args: string[]) =>
      runAdminCommand(args, {
        ...stores,
        siteUrl: config.siteUrl,
        siteUrlIsSet: true,
        io,
        now: new Date(at),
      });
    try {
      await run('2026-11-23T08:00:00Z', 'invite', 'old@acme.test'); // expired by the listing
      await run('2026-11-24T08:00:00Z', 'invite', 'priya@acme.test');
      await run('2026-11-24T08:30:00Z', 'invite', 'priya@acme.test'); // replaces the one before
      await run('2026-11-24T09:00:00Z', 'invite', 'ravi@acme.test');
      out = '';
      expect(await run('2026-11-24T10:00:00Z', 'list')).toBe(0);
    } finally {
      await stores.close();
    }
    expect(out).toContain('No accounts yet');
    const pending = out.slice(out.indexOf('Pending invitations'));
    expect(pending.split('\n').filter((line) => line.includes('@'))).toEqual([
      expect.stringMatching(/^priya@acme\.test\s+2026-11-25 08:30 UTC$/),
      expect.stringMatching(/^ravi@acme\.test\s+2026-11-25 09:00 UTC$/),
    ]);
  });

  it('revoke of an unknown address exits 1; a bad address or command is a usage error', async () => {
    expect(await admin('revoke', 'nobody@acme.test')).toMatchObject({
      code: 1,
      err: 'No account or pending invitation for nobody@acme.test.\n',
    });
    await expect(admin('invite', 'not-an-address')).rejects.toThrow(UsageError);
    await expect(admin('frobnicate')).rejects.toThrow('Unknown command "frobnicate".');
  });
});
