/**
 * The server's scheduled jobs: `npm run jobs -- list` (runs this file with tsx), or after a build
 * `node build/node/server/jobs-cli.js list`. Reads the same environment as the server (DATABASE_PATH,
 * DATABASE_URL...): the last runs are in the database, written by the running server.
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('jobs');
