/**
 * PostgreSQL's own programs (pg_dump, pg_restore) for the backups: where they
 * are, how they are called without a password on their command line, and
 * whether they are recent enough for the server.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

type Program = 'pg_dump' | 'pg_restore';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The newest /usr/lib/postgresql/N/bin (Debian's layout). */
function debianBins(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'));
}

/**
 * The program's path: in PG_BIN when it is set, else on PATH, else in the
 * newest /usr/lib/postgresql/N/bin. A clear error when there is none.
 */
export function findPostgresProgram(program: Program, env = process.env): string {
  const pgBin = env.PG_BIN;
  const dirs = pgBin ? [pgBin] : [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...debianBins()];
  const found = dirs.map((dir) => join(dir, program)).find(executable);
  if (found) return found;
  throw new Error(
    pgBin
      ? `There is no ${program} in PG_BIN (${pgBin}).`
      : `${program} was not found (on PATH or in /usr/lib/postgresql/*/bin). Install PostgreSQL's client programs (apt-get install postgresql-client), or set PG_BIN to the folder that holds them.`,
  );
}

/** The URL without its password, for messages: `postgres://site@db.example.com:5432/site`. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.href;
  } catch {
    return 'the PostgreSQL database';
  }
}

/**
 * How to reach the database from a program: the URL without its password for
 * --dbname, and the password in PGPASSWORD, so that it never shows in `ps`.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  else delete env.PGPASSWORD;
  return { dbname: parsed.href, env };
}

/** Runs the program; resolves with what it printed, rejects with its error output. */
export function runProgram(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(new Error(`${file} ${signal ? `stopped by ${signal}` : `failed`}: ${stderr.trim() || code}`));
    });
  });
}

/** The major version a program reports (`pg_dump (PostgreSQL) 15.10 …` → 15). */
export async function programMajorVersion(file: string): Promise<number> {
  const { stdout } = await runProgram(file, ['--version']);
  const major = /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1];
  if (!major) throw new Error(`${file} --version printed no PostgreSQL version: ${stdout.trim()}`);
  return Number(major);
}

/** pg_dump refuses a newer server; say it before, plainly. */
export function checkDumpVersion(file: string, dumpMajor: number, serverMajor: number) {
  if (dumpMajor < serverMajor) {
    throw new Error(
      `${file} is PostgreSQL ${dumpMajor}, older than the server (PostgreSQL ${serverMajor}), which it cannot back up. Install postgresql-client-${serverMajor}, or set PG_BIN to the folder of a pg_dump ${serverMajor} or newer.`,
    );
  }
}
