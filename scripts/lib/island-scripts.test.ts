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
  },
  '_react.js': { file: 'assets/island-react-d4.js' },
  '_zod.js': { file: 'assets/island-zod-e5.js', imports: ['_react.js'] },
};
const page = '<!DOCTYPE html><html><head><title>x</title></head><body><h1>x</h1></body></html>';

describe('the scripts of a public page', () => {
  it('are the site script alone on a page without islands', () => {
    expect(addIslandScripts(page, ['site'], manifest)).toBe(
      '<!DOCTYPE html><html><head><title>x</title><script type="module" src="/assets/island-site-a1.js"></script></head><body><h1>x</h1></body></html>',
    );
  });

  it('add each island and preload the chunks they share, once each', () => {
    const html = addIslandScripts(page, ['site', 'banner', 'quote-form'], manifest);
    expect([...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/island-site-a1.js',
      '/assets/island-banner-b2.js',
      '/assets/island-quote-form-c3.js',
    ]);
    expect([...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/island-react-d4.js',
      '/assets/island-zod-e5.js',
    ]);
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
});
