import type { CommandIo } from '../cli/cli-args.ts';
import type { Command, ProcessCommand } from '../cli/command.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { coreDefinition } from '../ops/core-definition.ts';
import { commandsOf } from '../plugins/feature-definition.ts';

/**
 * The command of that name, from the definitions' list (server/features.ts): the core's, which comes
 * first, without loading the features (`npm run backup` and `restore` start as fast as before), else
 * the features' with it.
 */
async function commandNamed(name: string): Promise<Command> {
  const core = commandsOf([coreDefinition]).find((command) => command.name === name);
  const command = core ?? (await import('./store-command.ts')).commands.find((found) => found.name === name);
  if (!command) throw new Error(`There is no command ${name} in any definition (server/features.ts)`);
  return command;
}

/** Runs a command that opens what it needs itself; the stores and the schema are loaded when it asks. */
async function runProcessCommand(command: ProcessCommand, args: string[], io: CommandIo): Promise<number> {
  const run = command.run as ProcessCommand<object>['run'];
  return run(args, {
    loadConfig,
    openStores: async (config) => (await import('./store-command.ts')).openCommandStores(config),
    schema: async () => {
      const { migrations, derivedTables } = await import('../stores.ts');
      return { migrations, derivedTables };
    },
    io,
    now: new Date(),
  });
}

/**
 * `npm run <name> -- …`: runs the command of that name with this process's arguments and environment,
 * and sets its exit code. A mistake in the environment is said as it is; another failure after the
 * command's name (or its own words: `backup failed: …`), exit code 1.
 */
export async function runFromCommandLine(name: string): Promise<void> {
  const command = await commandNamed(name);
  const io: CommandIo = {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
  };
  const args = process.argv.slice(2);
  try {
    process.exitCode =
      command.opens === 'stores'
        ? await (await import('./store-command.ts')).runStoreCommand(command, args, loadConfig(), io)
        : await runProcessCommand(command, args, io);
  } catch (error) {
    const failure = command.opens === 'stores' ? command.name : command.failure;
    console.error(
      error instanceof ConfigError ? error.message : `${failure}: ${(error as Error).message ?? error}`,
    );
    process.exitCode = 1;
  }
}
