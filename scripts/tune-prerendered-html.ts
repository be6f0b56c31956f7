/**
 * A build step after prerendering: gives the JavaScript module preloads of
 * every page a low fetch priority. The pages are complete HTML (with their
 * stylesheet inlined), so the scripts that make them interactive must not
 * compete with the first paint. They still start downloading at once.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

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
  const html = readFileSync(file, 'utf8');
  writeFileSync(file, html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"'));
  pages++;
}
console.log(`Lowered the module preload priority in ${pages} pages`);
