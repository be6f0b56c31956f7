import { describe, expect, it } from 'vitest';
import { campaignSlug } from './campaign-start.ts';

describe("a campaign's archive address", () => {
  it('is its subject in plain lower-case words, then its id, so two campaigns never share one', () => {
    expect(campaignSlug('November news: 3 things we shipped!', 12)).toBe(
      'november-news-3-things-we-shipped-12',
    );
    expect(campaignSlug('Café & Über-fast sites', 7)).toBe('cafe-uber-fast-sites-7');
    expect(campaignSlug('नमस्ते', 4)).toBe('campaign-4');
    expect(campaignSlug('a'.repeat(100), 5)).toBe(`${'a'.repeat(60)}-5`);
  });
});
