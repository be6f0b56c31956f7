import { describe, expect, it } from 'vitest';
import { addIslandScripts, type IslandsManifest } from './island-scripts.ts';

const manifest: IslandsManifest = {
  'app/islands/site.ts': { file: 'assets/island-site-a1.js', name: 'site', isEntry: true },
  'app/islands/banner.tsx': {
    file: 'assets/island-banner-b2.js',
    name: 'banner',
    isEntry: true,
    imports: ['_react.js'],
  },
  'app/islands/quote-form.tsx': {
    file: 'assets/island-quote-form-c3.js',
    name: 'quote-form',
    isEntry: true,
    imports: ['_react.js', '_zod.js'],
    dynamicImports: ['app/components/quote/chosen-file-list.tsx'],
  },
  // Loaded when a visitor chooses a file; it imports what the island it came from already has.
  'app/components/quote/chosen-file-list.tsx': {
    file: 'assets/island-chosen-file-list-f6.js',
    imports: ['app/islands/quote-form.tsx'],
  },
  '_react.js': { file: 'assets/island-react-d4.js' },
  '_zod.js': { file: 'assets/island-zod-e5.js', imports: ['_react.js'] },
};
const page = '<!DOCTYPE html><html><head><title>x</title></head><body><h1>x</h1></body></html>';

describe('the scripts of a public page', () => {
  /** What the page's bootstrap imports, and preloads, after the first paint. */
  const loaded = (html: string) => {
    const bootstrap = /<script type="module">([\s\S]*?)<\/script><\/head>/.exec(html)?.[1] ?? '';
    const list = (pattern: RegExp) => JSON.parse(pattern.exec(bootstrap)?.[1] ?? '[]') as string[];
    return {
      bootstrap,
      scripts: list(/for \(const src of (\[[^\]]*\])\)/),
      preloads: list(/for \(const href of (\[[^\]]*\])\)/),
    };
  };

  it('are the site script alone on a page without islands, loaded once the page has loaded and painted', () => {
    const html = addIslandScripts(page, ['site'], manifest);
    const { bootstrap, scripts, preloads } = loaded(html);
    expect(scripts).toEqual(['/assets/island-site-a1.js']);
    expect(preloads).toEqual([]);
    expect(bootstrap).toMatch(
      /^if \(document\.readyState !== 'complete'\) await new Promise\(\(loaded\) => addEventListener\('load'[\s\S]*requestAnimationFrame/,
    );
    // Nothing fetched before that: no script or preload tag the browser's scanner would start at once.
    expect(html).not.toMatch(/<script[^>]+src=|rel="modulepreload"/);
  });

  it('add each island and preload the chunks they share, once each; not those loaded on demand', () => {
    const { scripts, preloads } = loaded(addIslandScripts(page, ['site', 'banner', 'quote-form'], manifest));
    expect(scripts).toEqual([
      '/assets/island-site-a1.js',
      '/assets/island-banner-b2.js',
      '/assets/island-quote-form-c3.js',
    ]);
    expect(preloads).toEqual(['/assets/island-react-d4.js', '/assets/island-zod-e5.js']);
  });

  it('fail the build when a page would still hydrate as a whole, or names an island that was not built', () => {
    expect(() =>
      addIslandScripts(
        page.replace('</body>', '<script type="module">x</script></body>'),
        ['site'],
        manifest,
      ),
    ).toThrow(/React Router scripts/);
    expect(() => addIslandScripts(page, ['site', 'chat'], manifest)).toThrow(/No island script named "chat"/);
  });

  it('fail the build when a part of a page was streamed out of place, for an inline script to move back', () => {
    const outOfPlace = page.replace(
      '<h1>x</h1>',
      '<!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><form></form></div><script>$RC("B:0","S:0")</script>',
    );
    expect(() => addIslandScripts(outOfPlace, ['site'], manifest)).toThrow(/rendered out of place/);
    // A boundary rendered in place is fine: the page's HTML is whole without any script.
    expect(() =>
      addIslandScripts(page.replace('<h1>x</h1>', '<!--$--><form></form><!--/$-->'), ['site'], manifest),
    ).not.toThrow();
  });
});
