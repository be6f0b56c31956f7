import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SiteServer {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the built production server (build/node/server/main.js) on a free port, with throwaway data. */
export async function startSiteServer(port: number): Promise<SiteServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const child: ChildProcess = spawn(process.execPath, ['build/node/server/main.js'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_PATH: join(dataDir, 'site.db'),
      MAIL_DIR: join(dataDir, 'mail'),
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (waited > 20_000) throw new Error('the site server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
