import { describe, expect, it } from 'vitest';
import { deferHydration, UnexpectedBootstrapError } from './defer-hydration.ts';

// What React Router 7 emits for a page, trimmed to the parts that matter here.
const page = [
  '<html><head><title>About</title>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/root-3.js"/>',
  '</head><body><h1>About</h1>',
  '<script type="module" async="">import "/assets/manifest-1.js";\n',
  'import * as route0 from "/assets/root-3.js";\n',
  'import * as route1 from "/assets/about-4.js";\n  \n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};\n\n',
  'import("/assets/entry.client-2.js");</script>',
  '</body></html>',
].join('');

describe('deferHydration', () => {
  const html = deferHydration(page);
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

  it('removes the module preloads from the head, so nothing is fetched before the first paint', () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(script).not.toMatch(/^import /m);
  });

  it('waits for a painted frame, then preloads the same modules in parallel', () => {
    const lines = script.split('\n');
    expect(lines[0]).toContain('requestAnimationFrame');
    expect(lines[1]).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js"]');
    expect(lines[1]).toContain('rel: "modulepreload"');
  });

  it('imports the same modules in the same order, and then the client entry', () => {
    expect(script.split('\n').slice(2)).toEqual([
      'await import("/assets/manifest-1.js");',
      'const route0 = await import("/assets/root-3.js");',
      'const route1 = await import("/assets/about-4.js");',
      'window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};',
      'import("/assets/entry.client-2.js");',
    ]);
  });

  it('fails the build when React Router emits something it does not know', () => {
    expect(() => deferHydration(page.replace('import("/assets/entry', 'loadEntry("/assets/entry'))).toThrow(
      UnexpectedBootstrapError,
    );
    expect(() => deferHydration('<html><body>no scripts</body></html>')).toThrow(UnexpectedBootstrapError);
  });
});
