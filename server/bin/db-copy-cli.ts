/**
 * `npm run db:copy`: the SQLite database at DATABASE_PATH into the empty
 * PostgreSQL database of DATABASE_URL (or --to without a password). Reads the same environment
 * as the server. After a build: `node build/node/server/db-copy-cli.js`.
 */
import { runFromCommandLine } from './command-line.ts';

await runFromCommandLine('db:copy');
