import type { Page } from '@playwright/test';

/** The inbox's main navigation. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the inbox's menu when the screen is narrow enough to have one (it is closed otherwise). */
export async function openInboxMenu(page: Page) {
  const menu = mainNav(page).getByRole('button', { name: /^Menu/ });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Goes to a section of the inbox as a person does: through the menu on a phone, the row of links otherwise. */
export async function openSection(page: Page, name: string) {
  await openInboxMenu(page);
  await mainNav(page).getByRole('link', { name, exact: true }).click();
}
