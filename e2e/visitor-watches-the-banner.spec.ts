import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/fixtures.ts';

const slide = (page: Page, position: number) => page.getByRole('group', { name: `${position} of 3` });

async function openHome(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(page);
  // Keep the pointer away from the banner, which pauses while hovered.
  await page.mouse.move(0, 0);
}

test('the banner advances every 5 seconds and wraps around', async ({ page }) => {
  await openHome(page);
  await expect(slide(page, 1)).toBeVisible();
  await page.clock.runFor(100 + 5000);
  await expect(slide(page, 2)).toBeVisible();
  await expect(slide(page, 1)).toBeHidden();
  await page.clock.runFor(5000);
  await expect(slide(page, 3)).toBeVisible();
  await page.clock.runFor(5000);
  await expect(slide(page, 1)).toBeVisible();
});

test('previous, next and the indicators move the banner', async ({ page }) => {
  await openHome(page);
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide(page, 2)).toBeVisible();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(slide(page, 3)).toBeVisible();
  const first = page.getByRole('button', { name: /Show slide 1 of 3/ });
  await first.click();
  await expect(slide(page, 1)).toBeVisible();
  await expect(first).toHaveAttribute('aria-current', 'true');
});

test('the pause control stops the rotation', async ({ page }) => {
  await openHome(page);
  await page.getByRole('button', { name: 'Pause slides' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(20_000);
  await expect(slide(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play slides' })).toBeVisible();
});

test('with reduced motion the banner does not rotate on its own', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHome(page);
  await page.clock.runFor(20_000);
  await expect(slide(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play slides' })).toBeVisible();
});
