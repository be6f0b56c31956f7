/**
 * `react-router <command>` (build, typegen, dev), its known noise dropped (scripts/lib/known-build-noise.ts).
 * Everything else it prints, and its exit status, pass through.
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { dropKnownNoise } from './lib/known-build-noise.ts';

function filter(from: Readable, to: Writable): void {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    const { kept, rest } = dropKnownNoise(pending + chunk);
    pending = rest;
    to.write(kept);
  });
  from.on('end', () => {
    const { kept } = dropKnownNoise(`${pending}\n`);
    if (pending !== '') to.write(kept);
  });
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
