import { UsageError, type CommandIo } from '../cli/cli-args.ts';
import type { Command, ProcessCommand, StoreCommand, StoreCommandContext } from '../cli/command.ts';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import { definitions } from '../features.ts';
import type { PartsOptions, RoutesOf } from '../plugins/feature-definition.ts';
import { derivedTables, migrations, openStores } from '../stores.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

/** Every command of the command line: the core's, then each feature's (server/features.ts). */
export const commands: readonly Command[] = definitions.flatMap((definition): readonly Command[] =>
  'commands' in definition ? definition.commands : [],
);

/** What a command reads of the stores (StoreCommand's or ProcessCommand's `S`). */
type StoresReadBy<C> = C extends StoreCommand<infer S> ? S : C extends ProcessCommand<infer S> ? S : never;

/** What every command reads of the stores, together: the stores opened below must hold it all. */
type CommandStores = PartsOptions<
  RoutesOf<typeof definitions, 'commands'> extends infer C
    ? C extends unknown
      ? (stores: StoresReadBy<C>) => void
      : never
    : never
>;

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
  const stores: CommandStores & Stores = await openStores(config);
  const run = command.run as (args: string[], context: StoreCommandContext<CommandStores>) => Promise<number>;
  try {
    return await run(args, { stores, config, mailDir: config.mail.dir, io, now });
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

/** Runs a command that opens what it needs itself, with this composition's stores and schema. */
function runProcessCommand(command: ProcessCommand, args: string[], io: CommandIo): Promise<number> {
  const open: (config: Config) => Promise<CommandStores & Stores> = openStores;
  const run = command.run as (
    args: string[],
    context: Parameters<ProcessCommand<CommandStores>['run']>[1],
  ) => Promise<number>;
  return run(args, { loadConfig, openStores: open, migrations, derivedTables, io, now: new Date() });
}

/**
 * `npm run <name> -- …`: runs the command of that name with this process's arguments and environment,
 * and sets its exit code. A mistake in the environment is said as it is; another failure after the
 * command's name (or its own words: `backup failed: …`), exit code 1.
 */
export async function runFromCommandLine(name: string): Promise<void> {
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new Error(`There is no command ${name} in any definition (server/features.ts)`);
  const io: CommandIo = {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
  };
  const args = process.argv.slice(2);
  try {
    process.exitCode =
      command.opens === 'stores'
        ? await runStoreCommand(command, args, loadConfig(), io)
        : await runProcessCommand(command, args, io);
  } catch (error) {
    const failure = command.opens === 'stores' ? command.name : command.failure;
    console.error(
      error instanceof ConfigError ? error.message : `${failure}: ${(error as Error).message ?? error}`,
    );
    process.exitCode = 1;
  }
}
