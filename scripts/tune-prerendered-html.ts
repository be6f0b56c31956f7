/**
 * A build step after prerendering and the islands' build: each public page
 * gets its own scripts only (common/island-scripts.ts), and the inbox's
 * app shell paints before its JavaScript is fetched (scripts/lib/defer-hydration.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pageList } from '../app/content/pages.ts';
import type { IslandName } from '../app/islands/island.tsx';
import { deferHydration } from './lib/defer-hydration.ts';
import { addIslandScripts, type IslandsManifest } from '../common/island-scripts.ts';
import { PAGE_RENDERER_DIR, type PageScripts } from '../server/site/page-renderer-files.ts';

const dir = process.argv[2] ?? 'build/client';
const rendererDir = process.argv[3] ?? PAGE_RENDERER_DIR;
const manifestFile = join(dir, 'islands-manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as IslandsManifest;
// The manifest is for this step and the page renderer only: the server must not serve it.
rmSync(manifestFile);

/**
 * Which script (vite.islands.config.ts) brings each island to life: the
 * newsletter form is part of the site's script, on every page; the home
 * page's two React islands share one.
 */
const ISLAND_SCRIPTS: Record<IslandName, string> = {
  'newsletter-form': 'site',
  banner: 'home',
  'quote-form': 'home',
};

/** The scripts of each public page, from the page table: the site's on every one, then its islands'. */
const scriptsOf = new Map<string, string[]>(
  pageList
    .filter((page) => page.prerender)
    .map((page) => [
      page.path,
      [...new Set(['site', ...page.islands.map((island) => ISLAND_SCRIPTS[island])])],
    ]),
);

function* htmlFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

// What the page renderer needs to add the same scripts to a page it renders (server/site/page-renderer.ts).
mkdirSync(rendererDir, { recursive: true });
const pageScripts: PageScripts = { manifest, scripts: Object.fromEntries(scriptsOf) };
writeFileSync(join(rendererDir, 'page-scripts.json'), JSON.stringify(pageScripts));

let pages = 0;
for (const file of htmlFiles(dir)) {
  const html = readFileSync(file, 'utf8');
  if (relative(dir, file) === '__spa-fallback.html') {
    writeFileSync(file, deferHydration(html));
    continue;
  }
  const folder = relative(dir, join(file, '..')).split(sep).join('/');
  const path = folder === '' ? '/' : `/${folder}`;
  const scripts = scriptsOf.get(path);
  if (!scripts) throw new Error(`${file} is not a prerendered page of the page table`);
  writeFileSync(file, addIslandScripts(html, scripts, manifest));
  pages++;
}
console.log(
  `Added the island scripts to ${pages} pages; the inbox's app shell paints before its scripts load`,
);
