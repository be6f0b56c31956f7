import type { Page } from '@playwright/test';
import { bannerTiming } from '../app/content/home.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

const slide = (page: Page, position: number) => page.getByRole('group', { name: `${position} of 3` });
const after = (position: number, steps = 1) => ((((position - 1 + steps) % 3) + 3) % 3) + 1;

/** The current slide (1 to 3): the one a visitor can reach, while the others are inert (and fade out). */
async function shownSlide(page: Page): Promise<number> {
  const current = page.locator('[aria-roledescription="slide"]:not([inert])');
  await expect(current).toHaveCount(1);
  return Number((await current.getAttribute('aria-label'))?.charAt(0));
}

/**
 * Opens the home page with its clock under the test's control, and returns the slide on screen. Until the
 * page has hydrated the clock runs as usual (hydrating needs it), so on a busy machine the banner may have
 * moved on by then: the tests start from wherever it is, never from the first slide by luck.
 */
async function openHome(page: Page): Promise<number> {
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(page);
  // Keep the pointer away from the banner, which pauses while hovered.
  await page.mouse.move(0, 0);
  // From here the page's time stands still until the test moves it. Pausing a moment ahead of the page's
  // clock: on a busy machine that moment may pass before the pause arrives, so it is read again then.
  for (let margin = 50; ; margin *= 2) {
    const at = (await page.evaluate(() => Date.now())) + margin;
    try {
      await page.clock.pauseAt(at);
      break;
    } catch (error) {
      if (margin > 10_000 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
  await page.clock.runFor(bannerTiming.startDelayMs);
  return shownSlide(page);
}

test('the banner advances every 5 seconds and wraps around', async ({ page }) => {
  let current = await openHome(page);
  // Up to the next advance, a tenth of a second at a time: from then on the test knows the timer's phase.
  for (let waited = 0; waited <= bannerTiming.intervalMs; waited += 100) {
    await page.clock.runFor(100);
    if ((await shownSlide(page)) !== current) break;
  }
  current = after(current);
  await expect(slide(page, current)).toBeVisible();
  // Then every 5 seconds, not sooner, through every slide and round again.
  for (let step = 0; step < 3; step++) {
    await page.clock.runFor(bannerTiming.intervalMs - 100);
    await expect(slide(page, current)).toBeVisible();
    await page.clock.runFor(100);
    await expect(slide(page, current)).toBeHidden();
    current = after(current);
    await expect(slide(page, current)).toBeVisible();
  }
});

test('previous, next and the indicators move the banner @phone', async ({ page }) => {
  const start = await openHome(page);
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide(page, after(start))).toBeVisible();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(slide(page, after(start, -1))).toBeVisible();
  const target = after(start, 1);
  const indicator = page.getByRole('button', { name: new RegExp(`Show slide ${target} of 3`) });
  await indicator.click();
  await expect(slide(page, target)).toBeVisible();
  await expect(indicator).toHaveAttribute('aria-current', 'true');
});

test('the pause control stops the rotation @phone', async ({ page }) => {
  const start = await openHome(page);
  await page.getByRole('button', { name: 'Pause slides' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(20_000);
  await expect(slide(page, start)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play slides' })).toBeVisible();
});

test('with reduced motion the banner does not rotate on its own', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Never rotating, it is on the first slide however long the page took to load.
  expect(await openHome(page)).toBe(1);
  await page.clock.runFor(20_000);
  await expect(slide(page, 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play slides' })).toBeVisible();
});
