/**
 * The quote requests: `npm run leads -- <command>` (runs this file with tsx),
 * or after a build `node build/node/server/leads-cli.js <command>`.
 * Reads the same environment as the server (DATABASE_PATH, MAIL_DIR...).
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('leads');
