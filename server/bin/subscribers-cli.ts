/**
 * The newsletter's subscribers: `npm run subscribers -- <command>` (runs this file with tsx),
 * or after a build `node build/node/server/subscribers-cli.js <command>`.
 * Reads the same environment as the server (DATABASE_PATH, MAIL_DIR...).
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('subscribers');
