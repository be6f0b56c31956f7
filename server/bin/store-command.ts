import { UsageError, type CommandIo } from '../cli/cli-args.ts';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import { openStores } from '../stores.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

interface StoreCommandContext {
  stores: Stores;
  mailDir: string;
  io: CommandIo;
  now: Date;
}

/** An operator's command on the database: `npm run <name> -- <command> [options]`. */
export interface StoreCommand {
  name: string;
  /** Shown on `help`, and after a mistake in the command line. */
  usage: string;
  /** Runs one command; returns the exit code. A UsageError shows the usage, exit code 2. */
  run: (args: string[], context: StoreCommandContext) => Promise<number>;
}

/**
 * Runs an operator's command on the server's database: 0 done, 1 not found,
 * 2 bad usage (the usage is shown). Never touches the mail server; an email
 * queued again is sent by the running server's outbox worker.
 */
export async function runStoreCommand(
  command: StoreCommand,
  args: string[],
  config: Config,
  io: CommandIo,
  now = new Date(),
): Promise<number> {
  const [first] = args;
  if (!first || first === 'help' || first === '--help' || first === '-h') {
    (first ? io.out : io.err)(command.usage);
    return first ? 0 : 2;
  }
  const stores = await openStores(config);
  try {
    return await command.run(args, { stores, mailDir: config.mail.dir, io, now });
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    throw error;
  } finally {
    await stores.close();
  }
}

/** Runs the command with this process's arguments and environment, and sets its exit code. */
export async function runFromCommandLine(command: StoreCommand): Promise<void> {
  try {
    process.exitCode = await runStoreCommand(command, process.argv.slice(2), loadConfig(), {
      out: (text) => void process.stdout.write(text),
      err: (text) => void process.stderr.write(text),
    });
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `${command.name}: ${(error as Error).message ?? error}`,
    );
    process.exitCode = 1;
  }
}
