/**
 * The leads command: `npm run leads -- <command>` (runs this file with tsx),
 * or after a build `node build/node/server/leads-cli.js <command>`.
 * Reads the same environment as the server (DATABASE_PATH, MAIL_DIR...).
 */
import { ConfigError, loadConfig } from './config.ts';
import { runLeadsCommand } from './leads-command.ts';

try {
  const code = await runLeadsCommand(process.argv.slice(2), loadConfig(), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  process.exitCode = code;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `leads: ${(error as Error).message ?? error}`);
  process.exitCode = 1;
}
