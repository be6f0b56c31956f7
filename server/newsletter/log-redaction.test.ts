import { describe, expect, it } from 'vitest';
import { redactTokens } from './log-redaction.ts';

describe('a URL for the logs', () => {
  it('keeps the query of any other page, as it came', () => {
    expect(redactTokens('/services/cloud?utm_source=mail')).toBe('/services/cloud?utm_source=mail');
    expect(redactTokens('/newsletter/confirmed?x=1')).toBe('/newsletter/confirmed?x=1');
  });

  it('hides the query of a token page, whether the route or the path says it is one', () => {
    expect(redactTokens('/newsletter/unsubscribe?token=abc')).toBe('/newsletter/unsubscribe?[redacted]');
    // A spelling the path alone would miss, but the router took for the page.
    expect(redactTokens('/news%6Cetter/%75nsubscribe%20?token=abc', '/newsletter/unsubscribe')).toBe(
      '/news%6Cetter/%75nsubscribe%20?[redacted]',
    );
  });

  it('hides it when the page cannot be told for sure', () => {
    for (const [url, logged] of [
      ['http://host/about?token=abc', 'http://host/about?[redacted]'],
      ['/a/../b?token=abc', '/a/../b?[redacted]'],
      ['/a/%2E%2E/b?token=abc', '/a/%2E%2E/b?[redacted]'],
      ['/a\\b?token=abc', '/a\\b?[redacted]'],
      ['/bad%zz?token=abc', '/bad%zz?[redacted]'],
      ['/newsletter/unsubscribe%3Ftoken=abc', '/newsletter/unsubscribe?[redacted]'],
      ['*', '*'],
    ] as const) {
      expect(redactTokens(url), url).toBe(logged);
    }
  });
});
