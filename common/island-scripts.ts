/**
 * Adds a public page's scripts to its prerendered HTML: the site's script on
 * every page and the script of each interactive part (island) the page table
 * says it has. One small inline module (allowed by its hash in the page's CSP)
 * waits for the load event and a painted frame, so the page's bytes go first
 * to what the visitor sees (the scripts would otherwise share a slow phone's
 * bandwidth with the page and its images); then it preloads the chunks the scripts import,
 * so they download in parallel, and imports the scripts. The page must have
 * no React Router bootstrap left.
 */

/** The part of Vite's manifest this step reads. */
export type IslandsManifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

class IslandScriptsError extends Error {
  override name = 'IslandScriptsError';
}

/**
 * The entries' files and, once each, every chunk they import (depth first). A chunk only imported
 * dynamically loads when the code asks for it (that is its point: it is not in the page's script).
 */
function filesOf(manifest: IslandsManifest, entries: readonly string[]) {
  const byName = new Map(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry && chunk.name)
      .map(([key, chunk]) => [chunk.name, key]),
  );
  const scripts: string[] = [];
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    for (const imported of chunk?.imports ?? []) {
      const file = manifest[imported]?.file;
      if (!file) throw new IslandScriptsError(`The islands' manifest has no chunk ${imported}`);
      preloads.add(`/${file}`);
      visit(imported);
    }
  };
  for (const entry of entries) {
    const key = byName.get(entry);
    const file = key ? manifest[key]?.file : undefined;
    if (!key || !file) throw new IslandScriptsError(`No island script named "${entry}" was built`);
    scripts.push(`/${file}`);
    visit(key);
  }
  return { scripts, preloads: [...preloads].filter((file) => !scripts.includes(file)) };
}

export function addIslandScripts(
  html: string,
  entries: readonly string[],
  manifest: IslandsManifest,
): string {
  if (/<script type="module"|__reactRouterContext|<link rel="modulepreload"/.test(html)) {
    throw new IslandScriptsError('A public page still has React Router scripts: it would hydrate as a whole');
  }
  // A Suspense boundary React streamed out of place comes with an inline script to put it back: the
  // CSP refuses that script, and without JavaScript the part would stay hidden (app/entry.server.tsx).
  if (html.includes('<!--$?-->')) {
    throw new IslandScriptsError('A part of a public page was rendered out of place, for a script to move');
  }
  if (!html.includes('</head>')) throw new IslandScriptsError('The page has no </head>');
  const { scripts, preloads } = filesOf(manifest, entries);
  const bootstrap = [
    // After the load event (the page's images), then a frame that shows it. Hidden
    // and prerendering tabs get no frames: they load the scripts at once.
    "if (document.readyState !== 'complete') await new Promise((loaded) => addEventListener('load', loaded, { once: true }));",
    "if (document.visibilityState === 'visible') await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));",
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));`,
    `for (const src of ${JSON.stringify(scripts)}) import(src);`,
  ].join('\n');
  return html.replace('</head>', `<script type="module">${bootstrap}</script></head>`);
}
