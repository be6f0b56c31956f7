import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes } from './content-security-policy.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes every executable inline script, byte for byte', () => {
    const html =
      '<script>console.log(1)</script><script type="module">import "/a.js";\n</script>' +
      '<script>console.log(1)</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('console.log(1)'), sha('import "/a.js";\n')]);
  });

  it('hashes inline speculation rules, which script-src must allow too', () => {
    const rules = '{"prerender":[{"where":{"href_matches":"/*"},"eagerness":"moderate"}]}';
    expect(inlineScriptHashes(`<script type="speculationrules">${rules}</script>`)).toEqual([sha(rules)]);
  });

  it('skips external scripts and data blocks such as JSON-LD', () => {
    const html =
      '<script src="/assets/app.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe('inlineStyleHashes', () => {
  it('hashes the inlined stylesheet, so style-src needs no unsafe-inline', () => {
    const css = 'body{margin:0}\n';
    expect(inlineStyleHashes(`<head><style>${css}</style></head>`)).toEqual([sha(css)]);
    expect(contentSecurityPolicy({ styleHashes: [sha(css)] })).toContain(`style-src 'self' ${sha(css)};`);
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy({ scriptHashes: [sha('x')] });

  it('allows inline scripts only by hash', () => {
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${sha('x')}`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('shuts out plugins, framing and <base>, and limits where forms go', () => {
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "style-src 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it('lets the forms post to an external quote endpoint when one is configured', () => {
    expect(contentSecurityPolicy({ formOrigins: ['https://mail.example.com'] })).toContain(
      "form-action 'self' https://mail.example.com",
    );
  });
});
