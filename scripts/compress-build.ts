/**
 * Precompresses the built site: a .br (Brotli, best quality) and a .gz (gzip
 * level 9) beside every text file, kept only when smaller than the original.
 * The server sends them to clients that accept them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { precompress } from '../server/site/precompress.ts';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.ico',
  '.webmanifest',
  '.map',
]);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function compressDirectory(dir: string): { files: number; before: number; brotli: number } {
  const totals = { files: 0, before: 0, brotli: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const data = readFileSync(file);
    const { br, gz } = precompress(data);
    if (br) writeFileSync(`${file}.br`, br);
    if (gz) writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.before += data.length;
    totals.brotli += br?.length ?? data.length;
  }
  return totals;
}

const dir = process.argv[2] ?? 'build/client';
const totals = compressDirectory(dir);
console.log(
  `Precompressed ${totals.files} files in ${dir}: ${(totals.before / 1024).toFixed(1)} KiB -> ${(totals.brotli / 1024).toFixed(1)} KiB with Brotli.`,
);
