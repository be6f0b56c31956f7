import type { Config } from '../config/config.ts';
import type { DialectMigrations } from '../db/migrator.ts';
import type { CommandIo } from './cli-args.ts';

/** Said under the usage of every command on the database. */
export const DATABASE_NOTE = 'The database is DATABASE_PATH (default data/site.db).';

/** What an operator's command on the database is given: the stores it reads (a part of them), and how to talk. */
export interface StoreCommandContext<S> {
  stores: S;
  config: Config;
  mailDir: string;
  io: CommandIo;
  now: Date;
}

/**
 * An operator's command on the database: `npm run <name> -- <command> [options]`. The command line
 * (server/bin/) opens the stores for it, after `help` (its usage, exit 0) and no command at all (its
 * usage on stderr, exit 2), and closes them after; a UsageError shows the usage, exit 2. `S` is what it
 * reads of the stores: the composition checks the stores it opens against every command's.
 */
export interface StoreCommand<S = never> {
  readonly name: string;
  readonly opens: 'stores';
  /** Shown on `help`, and after a mistake in the command line. */
  readonly usage: string;
  /** Runs one command; returns the exit code. */
  readonly run: (args: string[], context: StoreCommandContext<S>) => Promise<number>;
}

/** What a command that opens what it needs itself is given (the backups, db:copy, the accounts...). */
interface ProcessCommandContext<S> {
  /** The environment, read when the command wants it (its usage is shown without one). */
  loadConfig: () => Config;
  /** Opens the stores on the configured database, as the server does (loading every feature then). */
  openStores: (config: Config) => Promise<S & { close: () => Promise<void> }>;
  /**
   * Every migration, the core's and the features' (db:copy makes the schema with them), and the tables
   * that triggers fill (db:copy copies their sources, never them). Loaded when asked: a command that
   * needs neither starts without loading every feature.
   */
  schema: () => Promise<{ migrations: DialectMigrations; derivedTables: readonly string[] }>;
  io: CommandIo;
  now: Date;
}

/**
 * A command that does its own work with what it is given: its exit code is the process's; a failure it
 * did not expect is written as `<failure>: <message>` (a mistake in the environment as it is), exit 1.
 */
export interface ProcessCommand<S = never> {
  readonly name: string;
  readonly opens: 'itself';
  /** The words before an unexpected failure's message (`backup failed`, `restore refused`...). */
  readonly failure: string;
  readonly run: (args: string[], context: ProcessCommandContext<S>) => Promise<number>;
}

/** A command of the command line (`npm run <name>`), as a feature or the core declares it. */
export type Command = StoreCommand | ProcessCommand;
