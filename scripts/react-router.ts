/**
 * `react-router <command>` (build, typegen, dev), its known noise dropped and its lists of files written
 * and pages prerendered folded into one line each (scripts/lib/known-build-noise.ts). Everything else it
 * prints, and its exit status, pass through.
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createBuildOutputFilter } from './lib/known-build-noise.ts';

function filter(from: Readable, to: Writable): void {
  const output = createBuildOutputFilter();
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => to.write(output.push(chunk)));
  from.on('end', () => to.write(output.end()));
}

const child = spawn('react-router', process.argv.slice(2), {
  stdio: ['inherit', 'pipe', 'pipe'],
  // Piped, the tools would drop their colours; a terminal keeps them.
  env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
});
filter(child.stdout, process.stdout);
filter(child.stderr, process.stderr);
child.on('close', (code, signal) => {
  process.exitCode = code ?? (signal === null ? 1 : 128);
});
