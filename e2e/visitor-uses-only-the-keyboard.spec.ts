import type { Locator, Page } from '@playwright/test';
import { quoteMessages } from '../common/quote-messages.ts';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

/** Presses Tab until the locator has focus, checking every stop shows a focus ring. */
async function tabTo(page: Page, target: Locator, maxStops = 60) {
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'nothing focused';
      const style = getComputedStyle(element);
      const visible = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      return visible ? 'ring' : `no focus ring on ${element.outerHTML.slice(0, 80)}`;
    });
    expect(ring).toBe('ring');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a keyboard-only visitor can skip to the content, use the banner and send a quote @phone', async ({
  page,
}) => {
  await page.route('**/api/quote', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'success' }),
  );
  await page.goto('/');
  await waitForHydration(page);

  // The first stop is the skip link, which appears when focused and moves focus to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The banner's controls, pause first.
  const pause = page.getByRole('button', { name: 'Pause slides' });
  await tabTo(page, pause);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Play slides' })).toBeFocused();
  // The banner may have moved on by itself before it was paused (on a busy machine): "Next" is checked
  // from the slide it stopped on, not from the first.
  const shown = page.locator('[aria-roledescription="slide"]:not([inert])');
  await expect(shown).toHaveCount(1);
  const stoppedOn = Number((await shown.getAttribute('aria-label'))?.charAt(0));
  await tabTo(page, page.getByRole('button', { name: 'Next slide' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: `${(stoppedOn % 3) + 1} of 3` })).toBeVisible();

  // The quote form: open it, fill it, send it.
  const toggle = page.getByRole('button', { name: 'Get a Quote' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close Form' })).toBeFocused();
  const form = page.getByRole('form', { name: 'Quote request' });
  // Each field in the form's order, one Tab apart.
  const typed = sampleQuote();
  for (const [index, name] of quoteFields.entries()) {
    const field = form.getByLabel(quoteFormFields[name].label, { exact: true });
    if (index === 0) await tabTo(page, field);
    else await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.type(typed[name]);
  }
  await tabTo(page, form.getByRole('button', { name: 'Submit Request' }));
  await page.keyboard.press('Enter');

  await expect(page.getByText(quoteMessages.success)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get a Quote' })).toBeFocused();
});

test('the mobile menu works from the keyboard @phone', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, 'the menu button is for narrow screens');
  await page.goto('/');
  await waitForHydration(page);
  const button = page.getByRole('button', { name: 'Menu' });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toBeVisible();
  await tabTo(page, menu.getByRole('link', { name: 'About' }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/about');
  await expect(menu).toBeHidden();
});
