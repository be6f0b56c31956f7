import type { IslandsManifest } from '../../common/island-scripts.ts';

/**
 * Where the build leaves what the page renderer needs (server/site/page-renderer.ts): React Router's
 * server build of the app (`server/`, kept by vite.config.ts before React Router deletes it) and the
 * scripts of each public page (`page-scripts.json`, written by scripts/tune-prerendered-html.ts).
 */
export const PAGE_RENDERER_DIR = 'build/page-renderer';

/** The islands' manifest and, for each public page by path, the island scripts it loads. */
export interface PageScripts {
  readonly manifest: IslandsManifest;
  readonly scripts: Readonly<Record<string, readonly string[]>>;
}
