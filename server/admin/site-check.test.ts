import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { freePort } from '../test/free-port.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { runAdminCommand } from './admin-commands.ts';
import { checkSite } from './site-check.ts';

/** `npm run admin -- invite` as the command line runs it, its link pointing at `siteUrl`. */
async function inviteTo(siteUrl: string, heldBy?: number) {
  const config = testConfig();
  const stores = await openStores(config);
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  try {
    const code = await runAdminCommand(['invite', 'priya@acme.test'], {
      ...stores,
      siteUrl,
      siteUrlIsSet: true,
      checkSite: () => checkSite(siteUrl, { heldBy }),
      io,
      now: new Date(),
    });
    return { code, out, err };
  } finally {
    await stores.close();
  }
}

describe('admin invite, when the link would not reach the running server', { timeout: 30_000 }, () => {
  it('says nothing when the server answers where the link points', async () => {
    const { app } = await testApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as AddressInfo;
      const { code, out, err } = await inviteTo(`http://localhost:${port}`);
      expect(code).toBe(0);
      expect(out).toContain(`http://localhost:${port}/admin/invitation#`);
      expect(err).toBe('');
    } finally {
      await app.close();
    }
  });

  it('says so when nothing answers there (the server runs with another PORT), and still prints the link', async () => {
    const port = await freePort();
    const { code, out, err } = await inviteTo(`http://localhost:${port}`);
    expect(code).toBe(0);
    expect(out).toContain(`http://localhost:${port}/admin/invitation#`);
    expect(err).toBe(
      `No server of this site answers at http://localhost:${port}, where this link points (connection refused). ` +
        'Run this command with the PORT and SITE_URL the server has, or the link will not open the inbox.\n',
    );
  });

  it('names the server that runs on this database when it answers elsewhere', async () => {
    const port = await freePort();
    const { err } = await inviteTo(`http://localhost:${port}`, 4242);
    expect(err).toMatch(
      new RegExp(
        `^The server running on this database \\(process 4242\\) does not answer at http://localhost:${port},`,
      ),
    );
  });

  it('says so when something else answers there', async () => {
    const other = createServer((_request, response) => response.writeHead(404).end('Not Found'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const { err } = await inviteTo(`http://127.0.0.1:${port}`);
      expect(err).toMatch(
        /: something else answered \(GET \/healthz: 404\)\. Run this command with the PORT/,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
