/**
 * Rewrites a prerendered page so that its JavaScript is fetched only after the
 * first paint. The page is complete HTML, so nothing a visitor sees waits for
 * scripts; without this, the browser downloads and compiles ~100 KB of script
 * (React, React Router, the page) before it paints, which on a slow phone adds
 * a second to the largest contentful paint.
 *
 * React Router emits, per page, <link rel="modulepreload"> tags and one inline
 * module script whose static imports load the route modules and then the
 * client entry. This removes the preload tags and turns that script into one
 * that waits for the first frame, then adds the same preloads (so the modules
 * still download in parallel) and imports the same modules, in the same order.
 * If React Router ever emits something else, this throws and the build fails.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = (\{[^;]*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

export class UnexpectedBootstrapError extends Error {
  override name = 'UnexpectedBootstrapError';
}

/** The new bootstrap: wait for a painted frame, preload in parallel, then import in the original order. */
function deferredBootstrap(body: string, preloads: string[]): string {
  const statements: string[] = [];
  for (const line of body.split('\n').map((text) => text.trim())) {
    if (line === '') continue;
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    const routeModules = ROUTE_MODULES.exec(line);
    const entry = ENTRY_IMPORT.exec(line);
    if (sideEffect) statements.push(`await import(${JSON.stringify(sideEffect[1])});`);
    else if (namespace)
      statements.push(`const ${namespace[1]} = await import(${JSON.stringify(namespace[2])});`);
    else if (routeModules) statements.push(`window.__reactRouterRouteModules = ${routeModules[1]};`);
    else if (entry) statements.push(`import(${JSON.stringify(entry[1])});`);
    else throw new UnexpectedBootstrapError(`Unexpected line in React Router's bootstrap script: ${line}`);
  }
  if (!statements.some((statement) => statement.startsWith('import('))) {
    throw new UnexpectedBootstrapError("React Router's bootstrap script does not import the client entry");
  }
  return [
    // Hidden tabs get no frames; they hydrate at once.
    "if (document.visibilityState === 'visible') await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));",
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    ...statements,
  ].join('\n');
}

export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1] ?? '');
  const bootstrap = BOOTSTRAP.exec(html);
  const body = bootstrap?.[1];
  if (body === undefined || preloads.length === 0) {
    throw new UnexpectedBootstrapError('No React Router bootstrap script or module preloads in the page');
  }
  return html
    .replace(PRELOAD, '')
    .replace(BOOTSTRAP, () => `<script type="module" async="">${deferredBootstrap(body, preloads)}</script>`);
}
