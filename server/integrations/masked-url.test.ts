import { describe, expect, it } from 'vitest';
import { maskedUrl } from './masked-url.ts';

describe('an integration URL as the inbox shows it', () => {
  it.each([
    ['https://hooks.slack.com/services/T0ABCDEF/B0GHIJKL/s3cr3tT0k3nABCD4f2a', 'https://hooks.slack.com/…'],
    [
      'https://prod-42.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=Zx9Qk3wR',
      'https://prod-42.westeurope.logic.azure.com/…',
    ],
    ['https://crm.example.com/hooks/leads?token=t0k3n9q8r', 'https://crm.example.com/…'],
    ['http://n8n.intranet:5678/webhook/0c1f-77aa', 'http://n8n.intranet:5678/…'],
  ])('shows the scheme and host of %s and no character of its path or query', (url, shown) => {
    expect(maskedUrl(url)).toBe(shown);
    const secret = `${new URL(url).pathname}${new URL(url).search}`;
    for (let end = 4; end <= secret.length; end += 1) expect(shown).not.toContain(secret.slice(end - 4, end));
  });

  it('shows the same mask whatever the length of the secret', () => {
    expect(maskedUrl('https://hooks.slack.com/a')).toBe(
      maskedUrl('https://hooks.slack.com/services/' + 'x'.repeat(60)),
    );
  });
});
