import type { Page } from '@playwright/test';
import { prerenderPaths, serverSitemapPaths, sitePaths } from '../app/content/site-map.ts';
import { company } from '../common/company.ts';
import { E2E_BASE_URL } from './support/e2e-env.ts';
import { expect, test } from './support/fixtures.ts';

// The build leaves the origin to the server, which puts in its own SITE_URL (the e2e server's address).
const SITE = E2E_BASE_URL;

test.describe('search engines and link previews', () => {
  for (const path of sitePaths) {
    test(`${path} has a canonical URL, Open Graph and Twitter card tags`, async ({ page }) => {
      await page.goto(path);
      const url = `${SITE}${path}`;
      const meta = (selector: string) => page.locator(selector);
      await expect(meta('link[rel="canonical"]')).toHaveAttribute('href', url);
      await expect(meta('meta[property="og:url"]')).toHaveAttribute('content', url);
      await expect(meta('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
      const description = await meta('meta[name="description"]').getAttribute('content');
      await expect(meta('meta[property="og:description"]')).toHaveAttribute('content', description!);
      await expect(meta('meta[property="og:image"]')).toHaveAttribute('content', `${SITE}/og-image.jpg`);
      await expect(meta('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
      await expect(meta('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
      await expect(meta('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(meta('meta[name="robots"]')).toHaveCount(0);
    });
  }

  test('the social card image is 1200 x 630', async ({ page }) => {
    await page.goto('/');
    const size = await page.evaluate(async () => {
      const image = new Image();
      image.src = '/og-image.jpg';
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([1200, 630]);
  });

  test('sitemap.xml lists every public route and the newsletter archive, and robots.txt points to it', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([...sitePaths, ...serverSitemapPaths].map((path) => `${SITE}${path}`));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  test('the not-found and thank-you pages are kept out of search results', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    for (const path of ['/no-such-page', '/thank-you']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
    expect(prerenderPaths).toContain('/thank-you');
  });

  test('every page has a unique title and description', async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of prerenderPaths) {
      const html = await (await request.get(path === '/404' ? '/missing' : path)).text();
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
    }
    expect(titles.size).toBe(prerenderPaths.length);
    expect(descriptions.size).toBe(prerenderPaths.length);
  });
});

test.describe('structured data (JSON-LD)', () => {
  async function jsonLd(page: Page, path: string) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  }

  test('the company is described as a local business in Ludhiana with contact points', async ({ page }) => {
    for (const path of ['/', '/contact']) {
      const [business] = await jsonLd(page, path);
      expect(business).toMatchObject({
        '@type': 'ProfessionalService',
        name: company.name,
        email: company.email,
        telephone: company.phoneE164,
        address: { addressLocality: 'Ludhiana', addressRegion: 'Punjab', postalCode: '141015' },
      });
      expect(business!.contactPoint).toEqual(
        expect.arrayContaining([expect.objectContaining({ '@type': 'ContactPoint' })]),
      );
    }
  });

  test('each service is described on the services page', async ({ page }) => {
    const [list] = await jsonLd(page, '/services');
    const items = (list!.itemListElement as { item: { '@type': string; name: string } }[]).map(
      (entry) => entry.item,
    );
    expect(items.map((item) => item['@type'])).toEqual(['Service', 'Service', 'Service', 'Service']);
    expect(items.map((item) => item.name)).toEqual([
      'Software Development',
      'Digital Marketing',
      'UI/UX Design',
      'IT Consulting',
    ]);
  });

  test('the FAQ route is an FAQPage with its seven questions', async ({ page }) => {
    const [faq] = await jsonLd(page, '/FAQ');
    expect(faq!['@type']).toBe('FAQPage');
    const questions = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions).toHaveLength(7);
    expect(questions.some((question) => question.acceptedAnswer.text.includes('2-3 months'))).toBe(true);
  });
});
