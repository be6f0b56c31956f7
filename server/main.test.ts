import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresDatabaseFor, sameOnEveryDatabase, testDatabase } from './test/database-kind.ts';
import { freePort } from './test/free-port.ts';
import { roleWithoutCreate } from './test/postgres-role.ts';
import { listeningAddress, spawnServer } from './test/server-process.ts';
import { fakeSite, tempDir } from './test/temp-dir.ts';

/** Starts `server/main.ts` as its own process, the way `npm start` runs the built file. */
function startServer(env: Record<string, string>) {
  const dir = tempDir();
  return spawnServer({
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'site.db'),
      MAIL_DIR: join(dir, 'mail'),
      ...env,
    },
  });
}

interface LogLine {
  msg?: string;
  signal?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

describe('the server process', () => {
  it('serves, logs one JSON line per request, and stops cleanly on SIGTERM', async () => {
    const run = startServer({});
    const address = await listeningAddress(run);
    const response = await fetch(`${address}/`);
    expect(response.status).toBe(200);

    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
    const lines = run.output().trim().split('\n');
    const logs = lines.map((line) => JSON.parse(line) as LogLine);
    expect(logs.some((log) => log.msg === 'shutting down' && log.signal === 'SIGTERM')).toBe(true);
    // No SMTP_URL: the start says the emails are kept, not sent, as the commands do; never "emailed".
    expect(logs.map((log) => log.msg).filter((msg) => msg?.startsWith('quote requests'))).toEqual([
      'quote requests are stored; their emails are kept, not sent (SMTP_URL is not set)',
    ]);
    expect(logs.filter((log) => log.msg?.includes('emailed'))).toEqual([]);
    const access = logs.filter((log) => log.req);
    expect(access).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: { method: 'GET', url: '/' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  }, 20_000);

  it.skipIf(testDatabase !== 'postgres')(
    "refuses to start as a role that may not create tables, with PostgreSQL's own error and what to do",
    async () => {
      const url = await roleWithoutCreate(postgresDatabaseFor(tempDir()));
      const run = startServer({ DATABASE_URL: url });
      expect((await run.exited).code).toBe(1);
      expect(run.output()).toContain('permission denied for schema public (PostgreSQL error 42501)');
      expect(run.output()).toContain(`OWNER TO "${new URL(url).username}"`);
    },
    20_000,
  );
});

// The signals, the settings refused before the database is opened, and the first start's own defaults:
// the same process whatever the database (decision 072).
sameOnEveryDatabase('the server process, whatever its database', () => {
  it('on a first start with no configuration, says where it listens (this machine only) and where mail goes, and warns of nothing', async () => {
    const run = startServer({ HOST: '' });
    const address = await listeningAddress(run);
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    run.child.kill('SIGTERM');
    await run.exited;
    const logs = run
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; mailDir?: string });
    expect(logs.filter((log) => log.level >= 40)).toEqual([]);
    expect(logs.map((log) => log.msg)).toContain(`Server listening at ${address}`);
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: expect.stringContaining('.eml files'),
        mailDir: expect.stringMatching(/mail$/),
      }),
    );
  }, 20_000);

  it('stops on SIGINT too', async () => {
    const run = startServer({});
    await listeningAddress(run);
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(0);
  }, 20_000);

  it('refuses to start with a bad setting and names the variable', async () => {
    const run = startServer({ PORT: 'eighty' });
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toMatch(/PORT must be a number \(got "eighty"\)/);
  }, 20_000);

  it('refuses to start in production without SITE_URL, naming it', async () => {
    const run = startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toMatch(/SITE_URL must be set when NODE_ENV=production/);
  }, 20_000);

  it('refuses to start when PostgreSQL cannot be reached, naming the database without its password', async () => {
    const port = await freePort(); // nothing listens there
    const run = startServer({ DATABASE_URL: `postgres://site:s3cret-word@127.0.0.1:${port}/site` });
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain(
      `The server could not start (database postgres://site@127.0.0.1:${port}/site,`,
    );
    expect(run.output()).not.toContain('s3cret-word');
  }, 20_000);
});
