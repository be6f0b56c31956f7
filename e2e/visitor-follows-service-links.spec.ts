import { expect, test, waitForHydration } from './support/fixtures.ts';
import { expectBelowNavbar } from './support/layout.ts';

const anchors = [
  ['Software Development', 'software-development'],
  ['Digital Marketing', 'digital-marketing'],
  ['UI/UX Design', 'ui-ux-design'],
  ['IT Consulting', 'it-consulting'],
] as const;

for (const [name, id] of anchors) {
  test(`the footer link "${name}" lands on its section, below the navbar @phone`, async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(`/services#${id}`);
    await expectBelowNavbar(page, page.getByRole('heading', { level: 2, name, exact: true }));
  });
}

test('opening /services#it-consulting directly lands on that section @phone', async ({ page }) => {
  await page.goto('/services#it-consulting');
  await expectBelowNavbar(page, page.getByRole('heading', { level: 2, name: 'IT Consulting' }));
});

test('a service link on the same page scrolls to the section @phone', async ({ page }) => {
  await page.goto('/services');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Digital Marketing', exact: true }).click();
  await expectBelowNavbar(page, page.getByRole('heading', { level: 2, name: 'Digital Marketing' }));
});
