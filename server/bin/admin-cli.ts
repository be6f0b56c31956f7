/**
 * The inbox's accounts: `npm run admin -- <command>` (runs this file with
 * tsx), or after a build `node build/node/server/admin-cli.js <command>`.
 * Reads the same environment as the server (DATABASE_PATH, SITE_URL...).
 */
import { ADMIN_USAGE, runAdminCommand } from '../admin/admin-commands.ts';
import { UsageError } from '../cli/cli-args.ts';
import { checkSite } from '../admin/site-check.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { serverHolding } from '../ops/server-lock.ts';
import { openStores } from '../stores.ts';

const io = {
  out: (text: string) => void process.stdout.write(text),
  err: (text: string) => void process.stderr.write(text),
};

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '')) {
    (args.length === 0 ? io.err : io.out)(ADMIN_USAGE);
    return args.length === 0 ? 2 : 0;
  }
  const config = loadConfig();
  const stores = await openStores(config);
  try {
    return await runAdminCommand(args, {
      ...stores,
      siteUrl: config.siteUrl,
      siteUrlIsSet: config.siteUrlIsSet,
      checkSite: () =>
        checkSite(config.siteUrl, {
          heldBy: config.database.url ? undefined : serverHolding(config.database.path)?.pid,
        }),
      io,
      now: new Date(),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${ADMIN_USAGE}`);
    return 2;
  } finally {
    await stores.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `admin: ${(error as Error).message ?? error}`);
  process.exitCode = 1;
}
