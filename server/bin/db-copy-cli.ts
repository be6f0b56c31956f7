/**
 * `npm run db:copy`: the SQLite database at DATABASE_PATH into the empty
 * PostgreSQL database of DATABASE_URL (or --to without a password). Reads the same environment
 * as the server. After a build: `node build/node/server/db-copy-cli.js`.
 */
import { ConfigError, loadConfig } from '../config/config.ts';
import { runDatabaseCopy } from './db-copy-command.ts';

try {
  process.exitCode = await runDatabaseCopy(process.argv.slice(2), loadConfig(), {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
  });
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `db:copy: ${(error as Error).message ?? error}`,
  );
  process.exitCode = 1;
}
