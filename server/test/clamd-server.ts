/**
 * A throw-away clamd (Debian's clamav-daemon) for the tests: the test's own process, in the
 * foreground, on a free loopback port and a socket in its temporary directory, its signature
 * database written here and holding only the EICAR test file (no freshclam, no internet). It answers
 * PING about 30 ms after it is started, with that one signature (it reports it as
 * "Eicar-Test-Signature.UNOFFICIAL": clamd's suffix for a database it did not sign). It runs with
 * `AlertExceedsMax yes`, as docs/deploy.md asks: a file over its limits is reported, not passed. `npm test` skips the clamd tests (with one line saying
 * so) only where clamd is not installed; CI installs it (.ci/run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClamdScanner } from '../security/clamd-scanner.ts';
import { freePort } from './free-port.ts';
import { installedProgram } from './installed-program.ts';

/** The EICAR test file: every scanner reports it, and it harms nothing. */
export const EICAR = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
  'latin1',
);
/** Its MD5 and size, the one line of the test's signature database (.hdb). */
const EICAR_SIGNATURE = '44d88612fea8a8f36de82e1278abb02f:68:Eicar-Test-Signature';

const CLAMD = '/usr/sbin/clamd';

/** Whether clamd can be run here (CI installs it: .ci/run). */
export const hasClamd = installedProgram(CLAMD, 'clamd', 'clamav-daemon');

export interface ClamdServer {
  /** tcp://127.0.0.1:PORT */
  url: string;
  /** unix:/…/clamd.sock */
  socketUrl: string;
  /** The largest stream it scans (StreamMaxLength), in bytes. */
  streamMaxBytes: number;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and socket. */
  start(): Promise<void>;
  /** Kills it and removes its directory. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function kill(child: ChildProcess) {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function writeConfig(dir: string, port: number, options: Required<ClamdOptions>): string {
  writeFileSync(join(dir, 'test.hdb'), `${EICAR_SIGNATURE}\n`);
  const base = [
    'Foreground yes',
    `DatabaseDirectory ${dir}`,
    `TCPSocket ${port}`,
    'TCPAddr 127.0.0.1',
    `LocalSocket ${join(dir, 'clamd.sock')}`,
    `LogFile ${join(dir, 'clamd.log')}`,
    `PidFile ${join(dir, 'clamd.pid')}`,
    `StreamMaxLength ${options.streamMaxBytes}`,
    'SelfCheck 0',
    'Bytecode no',
    // As docs/deploy.md asks: a file clamd cannot read whole is reported (Heuristics.Limits.Exceeded.*), not passed.
    `AlertExceedsMax ${options.alertExceedsMax ? 'yes' : 'no'}`,
  ];
  const keyOf = (line: string) => line.split(/\s+/)[0];
  const replaced = new Set(options.settings.map(keyOf));
  const lines = [...base.filter((line) => !replaced.has(keyOf(line))), ...options.settings];
  if (process.getuid?.() === 0) lines.push('User root');
  const config = join(dir, 'clamd.conf');
  writeFileSync(config, `${lines.join('\n')}\n`);
  return config;
}

async function launch(config: string, url: string, log: string): Promise<ChildProcess> {
  const child = spawn(CLAMD, ['-c', config], { stdio: 'ignore' });
  running.add(child);
  const scanner = createClamdScanner(url, { timeoutMs: 1_000 });
  for (const started = Date.now(); !(await scanner.ping());) {
    if (Date.now() - started > 30_000 || child.exitCode !== null) {
      await kill(child);
      let output = '';
      try {
        output = readFileSync(log, 'utf8');
      } catch {
        // no log yet
      }
      throw new Error(`clamd did not answer PING at ${url}:\n${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return child;
}

export interface ClamdOptions {
  /** StreamMaxLength, in bytes (30 MiB unless given). */
  streamMaxBytes?: number;
  /** AlertExceedsMax (yes unless given, as docs/deploy.md asks). */
  alertExceedsMax?: boolean;
  /** More clamd.conf lines, after those (replacing the same settings above). */
  settings?: readonly string[];
}

/** Starts a clamd that knows only EICAR; stop() it after the tests (afterAll). */
export async function startClamdServer(options: ClamdOptions = {}): Promise<ClamdServer> {
  const streamMaxBytes = options.streamMaxBytes ?? 30 * 1024 * 1024;
  const dir = mkdtempSync(join(tmpdir(), 'clamd-test-'));
  const port = await freePort();
  const config = writeConfig(dir, port, {
    streamMaxBytes,
    alertExceedsMax: options.alertExceedsMax ?? true,
    settings: options.settings ?? [],
  });
  const url = `tcp://127.0.0.1:${port}`;
  const log = join(dir, 'clamd.log');
  let child = await launch(config, url, log);
  return {
    url,
    socketUrl: `unix:${join(dir, 'clamd.sock')}`,
    streamMaxBytes,
    kill: () => kill(child),
    start: async () => {
      child = await launch(config, url, log);
    },
    stop: async () => {
      await kill(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
