import { option, UsageError, type CommandIo } from '../cli/cli-args.ts';
import { table } from '../cli/cli-args.ts';
import type { ProcessCommand } from '../cli/command.ts';
import type { Config } from '../config/config.ts';
import { databaseUrl } from '../config/config-values.ts';
import type { DialectMigrations } from '../db/migrator.ts';
import { copyDatabase, CopyRefused } from './database-copy.ts';
import { describeDatabaseUrl } from './postgres-programs.ts';

const DB_COPY_USAGE = `Usage: npm run db:copy [-- --to <postgres url without password>]

Copies the SQLite database at DATABASE_PATH (default data/site.db) into an
empty PostgreSQL database: its schema first (the migrations), then every row
of every table, in one transaction; then checks the rows table by table.
The SQLite file is only read. Stop the server and take a backup first
(npm run backup), then copy, and start with the same DATABASE_URL.
  (no --to)    into DATABASE_URL: put it in the environment file first, as the
               server will read it (postgres://user:password@host:5432/database)
  --to <url>   into postgres://user@host:5432/database, the password in
               PGPASSWORD or ~/.pgpass, as for pg_dump. A password in --to is
               refused: ps and the shell's history would keep it.
The database must be empty; anything else is refused.
`;

/** The target: DATABASE_URL, or --to without a password (PGPASSWORD or ~/.pgpass gives it). */
function targetUrl(args: string[], config: Config): string {
  const to = option(args, '--to');
  if (to === undefined) {
    if (config.database.url) return config.database.url;
    throw new UsageError('db:copy copies into DATABASE_URL: set it (in the environment file), or give --to.');
  }
  const parsed = databaseUrl.safeParse(to);
  if (!parsed.success)
    throw new UsageError('--to must be a PostgreSQL URL such as postgres://site@host:5432/site.');
  if (new URL(parsed.data).password) {
    throw new UsageError(
      "db:copy refuses a password on its command line, where ps and the shell's history keep it. Put the URL in DATABASE_URL (the environment file the server reads), or give --to without the password and the password in PGPASSWORD or ~/.pgpass. Then change that password: it has been seen.",
    );
  }
  return parsed.data;
}

/** The schema db:copy makes: every migration, and the tables triggers fill (the composition's). */
export interface CopiedSchema {
  migrations: DialectMigrations;
  derivedTables: readonly string[];
}

/** `npm run db:copy [-- --to <url>]`: 0 copied, 1 refused or failed (nothing copied), 2 bad usage. */
export async function runDatabaseCopy(
  args: string[],
  config: Config,
  io: CommandIo,
  { migrations, derivedTables }: CopiedSchema,
): Promise<number> {
  if (args[0] === 'help' || args[0] === '--help' || args[0] === '-h') {
    io.out(DB_COPY_USAGE);
    return 0;
  }
  let url: string;
  try {
    url = targetUrl(args, config);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${DB_COPY_USAGE}`);
    return 2;
  }
  const where = describeDatabaseUrl(url);
  io.err(`Copying ${config.database.path} into ${where}…\n`);
  try {
    const copied = await copyDatabase({
      sqlitePath: config.database.path,
      url,
      migrations,
      derivedTables,
    });
    io.out(
      table(
        ['table', 'SQLite rows', 'PostgreSQL rows'],
        copied.map((row) => [row.table, String(row.sqlite), String(row.postgres)]),
      ),
    );
    io.out(
      `Copied ${copied.length} tables into ${where}; the row counts match. ${config.database.path} is unchanged.\nNext: start the server with DATABASE_URL set to this database.\n`,
    );
    return 0;
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    // A driver's message names the host and the user at most, never the password; still, take no chance.
    const password = new URL(url).password;
    const safe = password
      ? message.split(password).join('***').split(decodeURIComponent(password)).join('***')
      : message;
    io.err(
      error instanceof CopyRefused
        ? `db:copy refused: ${safe}\n`
        : `db:copy failed, nothing was copied: ${safe}\n`,
    );
    return 1;
  }
}

/** `npm run db:copy`: the SQLite database into an empty PostgreSQL one. */
export const dbCopyCommand: ProcessCommand = {
  name: 'db:copy',
  opens: 'itself',
  failure: 'db:copy',
  run: async (args, { loadConfig, io, schema }) => runDatabaseCopy(args, loadConfig(), io, await schema()),
};
