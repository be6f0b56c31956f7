/**
 * Adds a public page's scripts to its prerendered HTML: the site's script on
 * every page and one per interactive part (island) the page table says it
 * has, each a module script in the head (fetched at once, run after the page
 * is parsed; each island then waits for the first paint before hydrating),
 * with modulepreload links for the chunks they import, so nothing waits for
 * another round trip. The page must have no React Router bootstrap left.
 */

/** The part of Vite's manifest this step reads. */
export type IslandsManifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[] }
>;

class IslandScriptsError extends Error {
  override name = 'IslandScriptsError';
}

/** The entries' files and, once each, every chunk they import (depth first). */
function filesOf(manifest: IslandsManifest, entries: readonly string[]) {
  const byName = new Map(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry && chunk.name)
      .map(([key, chunk]) => [chunk.name, key]),
  );
  const scripts: string[] = [];
  const preloads = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
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
  if (!html.includes('</head>')) throw new IslandScriptsError('The page has no </head>');
  const { scripts, preloads } = filesOf(manifest, entries);
  const tags = [
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`),
    ...scripts.map((src) => `<script type="module" src="${src}"></script>`),
  ].join('');
  return html.replace('</head>', `${tags}</head>`);
}
