/**
 * A team photo (docs/decisions/070-team-photos.md): an admin uploads one for a person in the Website
 * section, describes it, saves and publishes, and a visitor sees it on the team page, described, sized
 * and cached for ever; a file that is not a photo is refused beside the field.
 */
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { openSection } from './support/staff-nav.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

/** Within 10 s of Publish, every instance serves the new pages. */
const PUBLISHED_WITHIN_MS = 10_000;

const DESCRIPTION = 'Our founder smiling at her desk';

/** A photo as a phone makes one: a JPEG, taller than wide. */
function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
}

async function openTeamEditor(page: Page) {
  await page.goto('/admin');
  await waitForHydration(page);
  await openSection(page, 'Website');
  await page.getByRole('link', { name: 'Our team', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Our team', level: 1 })).toBeVisible();
}

const photoOf = (page: Page) =>
  page.getByRole('group', { name: 'Person 1' }).getByRole('group', { name: 'Photo' });

/** The team page as a visitor reads it, once it shows the photo (or the time is up). */
async function visitTeamPage(browser: Browser, url: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await expect(async () => {
    await visitor.goto(`${url}/our-team`);
    await expect(visitor.getByRole('img', { name: DESCRIPTION })).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: PUBLISHED_WITHIN_MS, intervals: [250] });
  return { context, visitor };
}

test('an admin adds a team photo, and a visitor sees it on the team page with its description', async ({
  page,
  browser,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 415/);
  await staff.sample();
  await openTeamEditor(page);
  const photo = photoOf(page);
  const input = photo.getByLabel('Photo', { exact: true });

  await input.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(photo).toContainText('This file is not a PNG, JPEG or WebP photo. Upload one of those.');
  await expect(photo.getByLabel('Photo description')).toHaveCount(0);

  await input.setInputFiles({ name: 'founder.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(photo.getByRole('img', { name: 'Photo preview' })).toBeVisible();
  await photo.getByLabel('Photo description').fill(DESCRIPTION);
  await expectNoAxeViolations(page, "the team's editor with a photo");
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();

  await page.goto('/admin/website');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();

  const { context, visitor } = await visitTeamPage(browser, staff.url);
  const shown = visitor.getByRole('img', { name: DESCRIPTION });
  await expect(shown).toHaveAttribute('width', '144');
  await expect(shown).toHaveAttribute('height', '144');
  await expect(shown).toHaveAttribute('srcset', /\/photos\/[0-9a-f]{24}-160\.webp 160w/);
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const source = await shown.evaluate((image: HTMLImageElement) => image.currentSrc);
  const response = await context.request.get(source);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await context.close();
});
