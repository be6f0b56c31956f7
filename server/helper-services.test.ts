import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import { logHelperServices } from './helper-services.ts';
import { api, staffMember } from './test/admin-client.ts';
import { hasClamd, startClamdServer, type ClamdServer } from './test/clamd-server.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from './test/dovecot-server.ts';
import { freePort } from './test/free-port.ts';
import { testApp, testConfig } from './test/test-app.ts';

/** What logHelperServices said, as "level: message". */
async function startLines(config: Pick<Config, 'attachments' | 'imapUrl' | 'production'>) {
  const lines: string[] = [];
  const record = (level: string) => (first: unknown, second?: string) =>
    lines.push(`${level}: ${typeof first === 'string' ? first : (second ?? '')}`);
  await logHelperServices({ info: record('info'), warn: record('warn') } as never, config);
  return lines;
}

describe('the helper services at start', () => {
  it('says when there is no scanner and no mailbox; in production the missing scanner is a warning', async () => {
    expect(await startLines(testConfig())).toEqual([
      'info: no virus scanner: files are kept not scanned (CLAMD_URL is not set)',
      "info: no mailbox: clients' answers are not read (IMAP_URL is not set)",
    ]);
    expect((await startLines({ ...testConfig(), production: true }))[0]).toBe(
      'warn: no virus scanner: files are kept not scanned (CLAMD_URL is not set)',
    );
  });

  it('names the mailbox without its password', async () => {
    const port = await freePort();
    const lines = await startLines(
      testConfig({ IMAP_URL: `imap://sales%40acme.test:mailbox-secret@127.0.0.1:${port}/INBOX` }),
    );
    expect(lines[1]).toBe(
      `info: mailbox: clients' answers are read from imap://sales%40acme.test@127.0.0.1:${port}/INBOX`,
    );
    expect(lines.join('\n')).not.toContain('mailbox-secret');
  });
});

describe.skipIf(!hasClamd)('the scanner at start, with a real clamd', { timeout: 30_000 }, () => {
  let clamd: ClamdServer;
  beforeAll(async () => {
    clamd = await startClamdServer();
  }, 30_000);
  afterAll(async () => clamd?.stop());

  it('names clamd when it answers, and warns when it does not', async () => {
    const config = testConfig({ CLAMD_URL: clamd.url });
    expect((await startLines(config))[0]).toBe(`info: virus scanner: clamd at ${clamd.url}`);
    await clamd.kill();
    try {
      expect((await startLines(config))[0]).toBe(
        `warn: virus scanner: clamd at ${clamd.url} does not answer; files are held as "not scanned yet" until it does`,
      );
    } finally {
      await clamd.start();
    }
  });
});

describe.skipIf(!hasClamd || !hasDovecot)(
  '/readyz and the inbox, with a real clamd and Dovecot',
  { timeout: 60_000 },
  () => {
    let clamd: ClamdServer;
    let dovecot: DovecotServer;
    beforeAll(async () => {
      [clamd, dovecot] = await Promise.all([startClamdServer(), startDovecotServer()]);
    }, 30_000);
    afterAll(async () => {
      await clamd?.stop();
      await dovecot?.stop();
    });

    async function readyz(app: FastifyInstance) {
      const response = await app.inject({ url: '/readyz' });
      return { statusCode: response.statusCode, ...(response.json() as Record<string, unknown>) };
    }

    it('reports each up, then down while the instance stays ready, to this machine and to staff', async () => {
      const { app, config } = await testApp({
        startOutbox: true,
        env: { CLAMD_URL: clamd.url, IMAP_URL: dovecot.url },
      });
      const staff = await staffMember(app, config, 'priya@acme.test', 'member');
      const helpers = async () =>
        (await api(app, config, 'GET', '/helpers', { cookie: staff.cookie })).json();
      await vi.waitFor(() => expect(app.mailboxWatcher?.watching).toBe(true), { timeout: 10_000 });
      expect(await readyz(app)).toMatchObject({
        statusCode: 200,
        status: 'ready',
        scanner: 'ok',
        mailbox: 'connected',
      });
      expect(await helpers()).toEqual({ scanner: 'ok', mailbox: 'connected' });

      await Promise.all([clamd.kill(), dovecot.kill()]);
      await vi.waitFor(() => expect(app.mailboxWatcher?.watching).toBe(false), { timeout: 10_000 });
      expect(await readyz(app)).toMatchObject({
        statusCode: 200,
        status: 'ready',
        scanner: 'unavailable',
        mailbox: 'not-connected',
      });
      expect(await helpers()).toEqual({ scanner: 'unavailable', mailbox: 'not-connected' });
      await Promise.all([clamd.start(), dovecot.start()]);
    });

    it('tells no one signed out, and no visitor through the proxy', async () => {
      const { app, config } = await testApp({ env: { CLAMD_URL: clamd.url } });
      expect((await api(app, config, 'GET', '/helpers')).statusCode).toBe(401);
      const proxied = await app.inject({ url: '/readyz', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(proxied.json()).toEqual({ status: 'ready' });
    });
  },
);
