/**
 * What the end-to-end tests run against: the built production server
 * (build/node/server/main.js), on its own port, with a fresh data directory.
 * Playwright starts this as its webServer and stops it with SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { E2E_DATA_DIR, E2E_PORT } from './e2e-env.ts';

if (!existsSync('build/.complete')) {
  console.error('No build: run "npm run build" before the end-to-end tests (npm run test:e2e does).');
  process.exit(1);
}

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });

const server = spawn(process.execPath, ['build/node/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    LOG_LEVEL: 'warn',
  },
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
