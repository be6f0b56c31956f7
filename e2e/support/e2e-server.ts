/**
 * What the end-to-end tests run against: the built production server
 * (build/node/server/main.js), on its own port, with a fresh data directory,
 * and a real SMTP server on loopback (in this process) that keeps every
 * message it receives as an .eml file in E2E_MAIL_SINK_DIR for the tests to read.
 * Playwright starts this as its webServer and stops it with SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_DATABASE_PATH, E2E_MAIL_SINK_DIR, E2E_PORT } from './e2e-env.ts';

if (!existsSync('build/.complete')) {
  console.error('No build: run "npm run build" before the end-to-end tests (npm run test:e2e does).');
  process.exit(1);
}

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });

mkdirSync(E2E_MAIL_SINK_DIR, { recursive: true });

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received++;
      const file = join(E2E_MAIL_SINK_DIR, `${Date.now()}-${received}.eml`);
      // Written aside and renamed into place, so a test never reads half a message.
      writeFileSync(`${file}.tmp`, Buffer.concat(chunks));
      renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const address = sink.server.address();
const smtpPort = typeof address === 'object' && address ? address.port : 0;

const server = spawn(process.execPath, ['build/node/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    // Both loopback addresses: the browser may try either for localhost.
    HOST: 'localhost',
    // The origin the browser sees, which passkeys are bound to (the build keeps the default SITE_URL).
    SITE_URL: E2E_BASE_URL,
    PORT: String(E2E_PORT),
    LOG_LEVEL: 'warn',
    DATABASE_PATH: E2E_DATABASE_PATH,
    MAIL_DIR: join(E2E_DATA_DIR, 'mail'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Acme Tech Quotes <quotes@example.com>',
    MAIL_TO: 'sales@example.com',
    // Parallel tests share one client address; the limit itself is covered by the server tests.
    RATE_LIMIT_MAX: '10000',
    NEWSLETTER_RATE_LIMIT_MAX: '10000',
    ADMIN_SIGN_IN_RATE_LIMIT_MAX: '10000',
    // A loaded CI machine may lag a second: no 503 from the overload guard in a test of something else.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '10000',
    OUTBOX_POLL_MS: '250',
    OUTBOX_RETRY_BASE_MS: '250',
    OUTBOX_RETRY_MAX_MS: '1000',
  },
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  sink.close(() => process.exit(code ?? 0));
});
