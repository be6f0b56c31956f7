import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeSite, tempDir } from './test/temp-dir.ts';

const TSX = join('node_modules', '.bin', 'tsx');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `server/main.ts` as its own process, the way `npm start` runs the built file. */
function startServer(env: Record<string, string>): Run {
  const dir = tempDir();
  const child = spawn(TSX, ['server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'site.db'),
      MAIL_DIR: join(dir, 'mail'),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function listeningAddress(run: Run): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(run.output());
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${run.output()}`);
}

describe('the server process', () => {
  it('serves, logs JSON lines, and stops cleanly on SIGTERM', async () => {
    const run = startServer({});
    const address = await listeningAddress(run);
    const response = await fetch(`${address}/`);
    expect(response.status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const lines = run.output().trim().split('\n');
    const logs = lines.map((line) => JSON.parse(line) as { msg?: string; signal?: string });
    expect(logs.some((log) => log.msg === 'shutting down' && log.signal === 'SIGTERM')).toBe(true);
  }, 20_000);

  it('stops on SIGINT too', async () => {
    const run = startServer({});
    await listeningAddress(run);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 20_000);

  it('refuses to start with a bad setting and names the variable', async () => {
    const run = startServer({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/PORT must be a number \(got "eighty"\)/);
  }, 20_000);
});
