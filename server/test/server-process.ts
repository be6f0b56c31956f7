/**
 * Runs the server as its own process, the way `npm start` does, for tests that
 * need a real process (kill -9, SIGTERM) and for the benchmarks. Nothing here
 * imports vitest, so scripts can use it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { compiledFile } from './compiled-server.ts';

/**
 * The server from source, no build needed (what the tests run): compiled once for the test run when
 * its global setup did (compiled-server.ts), else `node --import tsx server/main.ts`. One process, not
 * tsx's wrapper around a child, so a signal (SIGKILL included) reaches the server itself.
 */
function sourceServer() {
  const compiled = compiledFile('server/main.ts');
  return {
    command: process.execPath,
    args: compiled ? [compiled] : ['--import', 'tsx', 'server/main.ts'],
  };
}
/** The production build (what `npm start` and the benchmarks run). */
export const BUILT_SERVER = { command: process.execPath, args: ['build/node/server/main.js'] };

export interface ServerProcessOptions {
  /** The program and its arguments (default: the server from source). */
  command?: string;
  args?: string[];
  /** The whole environment of the process (nothing is inherited but PATH). */
  env: Record<string, string>;
  /**
   * Where stdout and stderr go. Without it they are kept in memory; a busy
   * server under load logs megabytes, so benchmarks give a file.
   */
  logFile?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything the process has written so far (stdout and stderr). */
  output: () => string;
  /** The exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServer(options: ServerProcessOptions): ServerProcess {
  const source = sourceServer();
  const command = options.command ?? source.command;
  const args = options.args ?? source.args;
  const env = { PATH: process.env.PATH ?? '', ...options.env };
  let captured = '';
  let child: ChildProcess;
  let output: () => string;
  if (options.logFile) {
    const fd = openSync(options.logFile, 'a');
    child = spawn(command, args, { env, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    const file = options.logFile;
    output = () => readFileSync(file, 'utf8');
  } else {
    child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => (captured += chunk));
    child.stderr?.on('data', (chunk) => (captured += chunk));
    output = () => captured;
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pid: child.pid ?? 0, output, exited };
}

/** Waits for Fastify's "Server listening at" line and returns that address. */
export async function listeningAddress(run: ServerProcess, timeoutMs = 20_000): Promise<string> {
  let exited = false;
  void run.exited.then(() => (exited = true));
  for (let waited = 0; waited < timeoutMs; waited += 25) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(run.output());
    if (match?.[1]) return match[1];
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server did not start:\n${run.output().slice(-4000)}`);
}

export type RunningServer = ServerProcess & { url: string };

/** Starts the server and waits until it listens. */
export async function startServer(options: ServerProcessOptions): Promise<RunningServer> {
  const run = spawnServer(options);
  try {
    return { ...run, url: await listeningAddress(run) };
  } catch (error) {
    run.child.kill('SIGKILL');
    throw error;
  }
}

/** Sends the signal and waits for the exit (SIGKILL after the timeout). */
export async function stopServer(run: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000) {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return run.exited;
  run.child.kill(signal);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), timeoutMs);
  try {
    return await run.exited;
  } finally {
    clearTimeout(timer);
  }
}
