import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.ts';
import { renderServerPage } from './server-page.tsx';
import { findSiteStylesheet, serverPagePolicy, type SiteStylesheet } from './site-stylesheet.ts';

const pageWith = (stylesheet: SiteStylesheet | undefined) =>
  renderServerPage({ heading: 'Nothing was changed', eyebrow: 'Newsletter', stylesheet });

function siteWith(head: string): string {
  const dir = join(tempDir(), 'site');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!DOCTYPE html><html><head>${head}</head><body></body></html>`);
  return dir;
}

describe('the stylesheet of the pages the server writes', () => {
  it('is the inlined <style> of the build, allowed by its hash and nothing else', () => {
    const css = '.btn-primary{color:#fff}body{margin:0}';
    const stylesheet = findSiteStylesheet(siteWith(`<meta charset="utf-8"><style>${css}</style>`));
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(stylesheet).toEqual({ css, hash });
    expect(pageWith(stylesheet)).toContain(`<style>${css}</style>`);
    expect(serverPagePolicy(stylesheet)).toBe(
      `default-src 'none'; style-src 'self' ${hash}; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
  });

  it('is a linked /assets/ stylesheet when the build links one', () => {
    const stylesheet = findSiteStylesheet(siteWith('<link rel="stylesheet" href="/assets/root-Ab1.css"/>'));
    expect(stylesheet).toEqual({ href: '/assets/root-Ab1.css' });
    expect(pageWith(stylesheet)).toContain('<link rel="stylesheet" href="/assets/root-Ab1.css"/>');
    expect(serverPagePolicy(stylesheet)).toContain("style-src 'self';");
  });

  it('is nothing (an unstyled, readable page) without a build or with a stylesheet from elsewhere', () => {
    expect(findSiteStylesheet(join(tempDir(), 'missing'))).toBeUndefined();
    expect(
      findSiteStylesheet(siteWith('<link rel="stylesheet" href="https://cdn.example/x.css">')),
    ).toBeUndefined();
    expect(pageWith(undefined)).not.toMatch(/<style|rel="stylesheet"/);
    expect(serverPagePolicy(undefined)).toContain("style-src 'self';");
  });
});
