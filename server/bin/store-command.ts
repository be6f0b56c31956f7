import { UsageError, type CommandIo } from '../cli/cli-args.ts';
import type { Command, ProcessCommand, StoreCommand, StoreCommandContext } from '../cli/command.ts';
import type { Config } from '../config/config.ts';
import { definitions } from '../features.ts';
import { commandsOf, type PartsOptions, type RoutesOf } from '../plugins/feature-definition.ts';
import { openStores } from '../stores.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

/** Every command of the command line: the core's, then each feature's (server/features.ts). */
export const commands: readonly Command[] = commandsOf(definitions);

/** What a command reads of the stores (StoreCommand's or ProcessCommand's `S`). */
type StoresReadBy<C> = C extends StoreCommand<infer S> ? S : C extends ProcessCommand<infer S> ? S : never;

/** What every command reads of the stores, together: the stores opened below must hold it all. */
export type CommandStores = PartsOptions<
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

/** Opens the stores for a command that opens what it needs itself (checked against what each reads). */
export const openCommandStores: (config: Config) => Promise<CommandStores & Stores> = openStores;
