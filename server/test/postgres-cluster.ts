/**
 * A throw-away PostgreSQL cluster for the tests: initdb in a temporary
 * directory, listening on a free loopback port only, removed by destroy().
 * PostgreSQL refuses to run as root, so as root (CI) its programs run as the
 * `postgres` user (runuser), on a directory that user owns.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  appendFileSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export const POSTGRES_MISSING =
  'PostgreSQL tests skipped: no initdb/pg_ctl found (apt-get install postgresql)';

export interface PostgresCluster {
  readonly port: number;
  /** The temporary directory holding the data directory, the socket and postgres.log. */
  readonly dir: string;
  /** `postgres://postgres@127.0.0.1:PORT/DATABASE` (trust authentication, loopback only). */
  url(database?: string): string;
  /** Creates an empty UTF-8 database (a unique name unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** A clean stop (pg_ctl stop -m fast): everything committed is on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** An immediate stop, as a crash would: no checkpoint, recovery at the next start. */
  kill(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  destroy(): Promise<void>;
}

export interface PostgresClusterOptions {
  port?: number;
  /** Off by default: a test cluster need not survive a power cut, and fsync makes it slow. */
  fsync?: boolean;
}

const hasBinaries = (dir: string) =>
  ['initdb', 'pg_ctl'].every((program) => {
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/** The directory holding initdb and pg_ctl: PG_BIN, or the newest /usr/lib/postgresql/N/bin. */
export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return hasBinaries(fromEnv) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'))
    .find(hasBinaries);
}

const asRoot = process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } {
  const read = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = read('-u');
  const gid = read('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('PostgreSQL refuses to run as root, and there is no `postgres` user to run it as');
  }
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

function command(program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

/** Runs a PostgreSQL program (as `postgres` when we are root); rejects with its output if it fails. */
async function run(program: string, args: string[], cwd: string): Promise<string> {
  const child = spawn(...command(program, args), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const reason = await new Promise<string | undefined>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => resolve(code === 0 ? undefined : `exit ${code ?? signal}`));
  });
  if (reason) throw new Error(`${program} ${args.join(' ')} failed (${reason}):\n${output.trim()}`);
  return output;
}

/**
 * A UTF-8 locale, so that PostgreSQL takes Gurmukhi and Devanagari letters for letters (pg_trgm, search):
 * C.UTF-8 (built into glibc since 2.35, Debian 12), else any UTF-8 locale the system has.
 */
function localeArgs(): string[] {
  const locales = (spawnSync('locale', ['-a'], { encoding: 'utf8' }).stdout ?? '')
    .split('\n')
    .map((name) => name.trim());
  const utf8 = locales.filter((name) => /\.utf-?8$/i.test(name));
  const chosen = utf8.find((name) => /^c\./i.test(name)) ?? utf8[0];
  if (chosen) return [`--locale=${chosen}`];
  console.warn(
    'PostgreSQL test cluster: no UTF-8 locale here (locale -a), so the C locale: non-Latin letters are not letters',
  );
  return ['--no-locale'];
}

const addressInUse = /could not bind|address already in use|could not create any TCP\/IP sockets/i;

let databaseCounter = 0;
const live = new Set<{ bin: string; data: string; dir: string }>();

// A test process that ends without destroy() (a crash, a forgotten cluster) leaves no postgres behind.
process.once('exit', () => {
  for (const cluster of live) {
    spawnSync(
      ...command(join(cluster.bin, 'pg_ctl'), ['stop', '-D', cluster.data, '-m', 'immediate', '-w']),
      {
        cwd: cluster.dir,
        stdio: 'ignore',
      },
    );
    rmSync(cluster.dir, { recursive: true, force: true });
  }
});

/** initdb in a fresh temporary directory, then starts it (see PostgresCluster). */
export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(`No PostgreSQL programs: ${POSTGRES_MISSING.replace(/^.*?: /, '')}; or set PG_BIN`);
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const entry = { bin, data, dir };
  live.add(entry);
  try {
    if (asRoot) {
      const { uid, gid } = postgresUser();
      chownSync(dir, uid, gid);
    }
    await run(
      join(bin, 'initdb'),
      [
        '-D',
        data,
        '--auth=trust',
        '--username=postgres',
        '--encoding=UTF8',
        ...localeArgs(),
        '--no-instructions',
      ],
      dir,
    );
  } catch (error) {
    live.delete(entry);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const fsync = options.fsync ?? false;
  let port = options.port ?? (await freePort());
  let running = false;
  const pgCtl = (args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args], dir);

  const configure = () =>
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        `max_connections = 200`,
        // CREATE DATABASE writes the template into the WAL: keep pg_wal small over a run of hundreds.
        `max_wal_size = '256MB'`,
        `fsync = ${fsync ? 'on' : 'off'}`,
        `full_page_writes = ${fsync ? 'on' : 'off'}`,
        `log_min_messages = warning`,
        '',
      ].join('\n'),
    );

  const start = async () => {
    try {
      await pgCtl(['start', '-w', '-t', '60', '-l', log]);
      running = true;
    } catch (error) {
      const logText = existsSync(log)
        ? readFileSync(log, 'utf8').trim().split('\n').slice(-20).join('\n')
        : '';
      throw new Error(
        `PostgreSQL did not start on port ${port}: ${(error as Error).message}\n${log}:\n${logText}`,
        {
          cause: error,
        },
      );
    }
  };

  configure();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await start();
      break;
    } catch (error) {
      // Another process took the free port between freePort() and postgres binding it: take another.
      const retry = options.port === undefined && attempt < 3 && addressInUse.test((error as Error).message);
      if (!retry) {
        live.delete(entry);
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      port = await freePort();
      configure();
    }
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stopWith = async (mode: 'fast' | 'immediate') => {
    if (!running) return;
    await pgCtl(['stop', '-m', mode, '-w', '-t', '60']);
    running = false;
  };

  return {
    get port() {
      return port;
    },
    dir,
    url,
    async createDatabase(name = `test_${process.pid}_${++databaseCounter}_${Date.now().toString(36)}`) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop: () => stopWith('fast'),
    start: async () => {
      if (!running) await start();
    },
    kill: () => stopWith('immediate'),
    async destroy() {
      try {
        await stopWith('immediate');
      } finally {
        live.delete(entry);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
