/**
 * The inbox's accounts: `npm run admin -- <command>` (runs this file with
 * tsx), or after a build `node build/node/server/admin-cli.js <command>`.
 * Reads the same environment as the server (DATABASE_PATH, SITE_URL...).
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('admin');
