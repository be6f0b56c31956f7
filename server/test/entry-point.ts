import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { compiledFile } from './compiled-server.ts';

/** What an entry point's process ended with. */
export interface EntryPointRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node server/bin/<cli> ...args` compiled for the test run (compiled-server.ts), else with
 * `--import tsx`, with only this environment (and PATH).
 */
export function runEntryPoint(
  cli: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<EntryPointRun> {
  return new Promise((resolve, reject) => {
    const source = join('server', 'bin', cli);
    const compiled = compiledFile(source);
    const entry = compiled ? [compiled] : ['--import', 'tsx', source];
    const child = spawn(process.execPath, [...entry, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
