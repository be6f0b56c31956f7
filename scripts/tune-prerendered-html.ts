/**
 * A build step after prerendering: every page paints before any of its
 * JavaScript is fetched (see scripts/lib/defer-hydration.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deferHydration } from './lib/defer-hydration.ts';

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

const dir = process.argv[2] ?? 'build/client';
let pages = 0;
for (const file of htmlFiles(dir)) {
  writeFileSync(file, deferHydration(readFileSync(file, 'utf8')));
  pages++;
}
console.log(`Deferred the scripts of ${pages} pages until after their first paint`);
