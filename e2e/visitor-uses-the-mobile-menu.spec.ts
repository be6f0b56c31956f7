import { expect, test, waitForHydration } from './support/fixtures.ts';

test.describe('on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, 'the menu button is for narrow screens');

  test('the menu button opens the slide-in menu, and a link closes it @phone', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Home', 'About', 'Services', 'Contact', 'Team']);
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await menu.getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL('/our-team');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and a click outside it does too @phone', async ({ page }) => {
    await page.goto('/services');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(menu).toBeHidden();
  });
});

test.describe('on a wide screen', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'the bar shows every link on wide screens');

  test('the navigation bar shows the links and marks the current page', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'About', 'Services', 'Contact', 'Team']);
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });
});
