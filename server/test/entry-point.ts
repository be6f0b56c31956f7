import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** What an entry point's process ended with. */
export interface EntryPointRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx server/bin/<cli> ...args`, with only this environment (and PATH). */
export function runEntryPoint(
  cli: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<EntryPointRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join('server', 'bin', cli), ...args], {
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
