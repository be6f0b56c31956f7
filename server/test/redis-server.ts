/**
 * A throw-away redis-server for the tests: on a free loopback port, nothing
 * saved to disk, stopped after the test. `npm test` skips the Redis tests
 * (with one line saying so) only where redis-server is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterEach } from 'vitest';
import { freePort } from './free-port.ts';

/** Whether redis-server can be run here (CI installs it: .ci/run). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasRedisServer) {
  console.warn('Redis tests skipped: redis-server is not installed (apt-get install redis-server).');
}

export interface RedisServer {
  url: string;
  /** Kills it at once (SIGKILL), as a crash would; its counters are gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

const running = new Set<ChildProcess>();

afterEach(async () => {
  for (const child of running) await stop(child);
});

async function stop(child: ChildProcess) {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  running.add(child);
  for (let waited = 0; !(await accepts(port)); waited += 20) {
    if (waited > 5_000 || child.exitCode !== null) throw new Error(`redis-server did not start on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return child;
}

/** Starts a redis-server for this test. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => stop(child),
    start: async () => {
      child = await launch(port);
    },
  };
}
