import { loadPageRenderer, type PageRenderer } from '../site/page-renderer.ts';

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
