import { join } from 'node:path';

/** Where the end-to-end server listens and keeps its data; shared by the config, the server and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** localhost, not 127.0.0.1: passkeys need a host name (an IP address is no WebAuthn RP ID). */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = 'test-results/e2e-data';
/** The server's SQLite database. */
export const E2E_DATABASE_PATH = join(E2E_DATA_DIR, 'site.db');
/** Where the SMTP sink keeps what it receives: one .eml file per message. */
export const E2E_MAIL_SINK_DIR = join(E2E_DATA_DIR, 'mail-sink');
