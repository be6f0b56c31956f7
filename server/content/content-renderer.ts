import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadPageRenderer, type PageRenderer } from '../site/page-renderer.ts';
import { PAGE_RENDERER_DIR } from '../site/page-renderer-files.ts';

/** The page renderer, loaded once on first use (never at start: it imports the app's server build). */
export type RendererLoader = () => Promise<PageRenderer>;

const loaded = new Map<string | undefined, Promise<PageRenderer>>();

/** The one page renderer of this process for the build in `dir` (by default the build's own). */
export function lazyRenderer(dir?: string): RendererLoader {
  return () => {
    let renderer = loaded.get(dir);
    if (!renderer) {
      renderer = loadPageRenderer(dir);
      // A failed load (no build) is tried again on the next use.
      renderer.catch(() => loaded.delete(dir));
      loaded.set(dir, renderer);
    }
    return renderer;
  };
}

/** Every file under `dir`, by path relative to it, sorted (the same order on every machine). */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(dir, path) : Promise.resolve([path]);
    }),
  );
  return files.flat().sort();
}

/**
 * Which build renders pages here: a hash of everything the page renderer is made of (the app's server
 * build, which names the hashed styles and route scripts, and page-scripts.json, which names the
 * islands'), read without loading the renderer. Two builds with the same id render the same pages; a
 * page rendered by another build may name scripts and styles this one does not have
 * (docs/decisions/067-content-releases-drafts-and-preview.md).
 */
export async function buildIdOf(dir: string = PAGE_RENDERER_DIR): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(dir)) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(dir, file)));
  }
  return hash.digest('base64url').slice(0, 22);
}

/** This process's build id (buildIdOf), read once on first use; undefined when there is no build. */
export function lazyBuildId(dir?: string): () => Promise<string | undefined> {
  let id: Promise<string | undefined> | undefined;
  return () =>
    (id ??= buildIdOf(dir).catch(() => {
      id = undefined; // tried again on the next use, as the renderer
      return undefined;
    }));
}
