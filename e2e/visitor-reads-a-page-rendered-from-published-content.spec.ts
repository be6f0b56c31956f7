import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { defaultSiteContent } from '../app/content/site-content.ts';
import type { SiteContent } from '../common/site-content/site-content.ts';
import { loadPageRenderer, PageRenderError, type RenderedPage } from '../server/site/page-renderer.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

/**
 * The page renderer publishing will call: React Router's server build of the app, run by the server
 * with other content (docs/decisions/064-content-as-data-and-one-page-renderer.md). These render from
 * npm run build's output, as the server would, and show the result to a visitor in Chromium.
 */
const renderer = await loadPageRenderer();
const BUILT = 'build/client';

function withChange(change: (content: SiteContent) => void): SiteContent {
  const content = structuredClone(defaultSiteContent);
  change(content);
  return content;
}

/** Serves this rendering instead of the built page, with the server's own headers (its CSP included). */
async function serve(page: Page, rendered: RenderedPage) {
  await page.route(
    (url) => url.pathname === rendered.path,
    async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), 'accept-encoding': 'identity' },
      });
      await route.fulfill({ response, body: rendered.html.toString('utf8') });
    },
  );
}

test('the renderer writes, from the default content, exactly the files the build wrote', async () => {
  test.setTimeout(120_000);
  expect(renderer.paths).toContain('/FAQ');
  for (const path of renderer.paths) {
    const rendered = await renderer.render(defaultSiteContent, path);
    expect(rendered.html.equals(readFileSync(join(BUILT, rendered.file))), path).toBe(true);
    expect(rendered.br?.equals(readFileSync(join(BUILT, `${rendered.file}.br`))), path).toBe(true);
    expect(rendered.gz?.equals(readFileSync(join(BUILT, `${rendered.file}.gz`))), path).toBe(true);
  }
});

test('content that breaks a rule is not rendered, and the error names the page', async () => {
  const render = renderer.render(
    withChange((content) => (content.faq.items[0]!.question = '')),
    '/FAQ',
  );
  await expect(render).rejects.toThrow(PageRenderError);
  await expect(render).rejects.toThrow('/FAQ: the content is not valid');
});

test('a changed answer changes only that answer, and markup typed in it shows as text', async ({ page }) => {
  const answer = '<script>document.title = "hacked"</script> We reply within one working day.';
  const built = readFileSync(join(BUILT, 'FAQ/index.html'), 'utf8');
  const before = defaultSiteContent.faq.items[3]!.answer[0]!;
  const rendered = await renderer.render(
    withChange((content) => (content.faq.items[3]!.answer = [answer])),
    '/FAQ',
  );
  const escaped = answer.replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  // In the page and in its structured data (the JSON of which React escapes as it writes it).
  expect(rendered.html.toString('utf8')).toBe(
    built
      .replace(`<p>${before}</p>`, `<p>${escaped}</p>`)
      .replace(
        JSON.stringify(before),
        JSON.stringify(answer).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e'),
      ),
  );

  await serve(page, rendered);
  await page.goto('/FAQ');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'How long does a typical project take?' }),
  ).toContainText(answer);
  // The typed script never ran: it is text.
  await expect(page).toHaveTitle(`Frequently Asked Questions | ${defaultSiteContent.company.name}`);
});

test('the home page hydrates with the content it was rendered from', async ({ page }) => {
  const rendered = await renderer.render(
    withChange((content) => {
      content.home.slides[0]!.title = 'Published slide title';
      content.home.callToAction.openLabel = 'Ask us for a quote';
      content.company.name = 'Acme Published Ltd';
    }),
    '/',
  );
  await serve(page, rendered);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('group', { name: '1 of 3' })).toContainText('Published slide title');
  await page.getByRole('button', { name: 'Ask us for a quote' }).click();
  await expect(page.getByRole('textbox', { name: /name/i }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Acme Published Ltd$/);
  await expect(page.getByRole('contentinfo')).toContainText('Acme Published Ltd. All rights reserved.');
});

test("a person with a photo shows it on the team page, described and sized, under the page's policy", async ({
  page,
}) => {
  const id = 'a1b2c3d4e5f60718293a4b5c';
  const rendered = await renderer.render(
    withChange((content) => {
      content.team.people[0]!.photo = { id, description: 'Our founder at her desk' };
    }),
    '/our-team',
  );
  await serve(page, rendered);
  // The stored photo, as the server would answer it (the photos' own tests check the server's side).
  const webp = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2a6f97' } })
    .webp()
    .toBuffer();
  await page.route(`**/photos/${id}-*.webp`, (route) =>
    route.fulfill({ body: webp, contentType: 'image/webp' }),
  );
  await page.goto('/our-team');
  const photo = page.getByRole('img', { name: 'Our founder at her desk' });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('width', '144');
  await expect(photo).toHaveAttribute('height', '144');
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // The others keep their initials.
  await expect(page.getByRole('article')).toHaveCount(defaultSiteContent.team.people.length);
  await expect(page.getByRole('article').getByRole('img')).toHaveCount(1);
});
