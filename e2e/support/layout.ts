import { expect, type Locator, type Page } from '@playwright/test';

/** Asserts that an element is on screen and not hidden under the fixed navigation bar. */
export async function expectBelowNavbar(page: Page, target: Locator) {
  const header = page.getByRole('banner');
  await expect
    .poll(async () => {
      const headerBox = await header.boundingBox();
      const box = await target.boundingBox();
      const viewport = page.viewportSize();
      if (!headerBox || !box || !viewport) return 'not laid out';
      if (box.y < headerBox.y + headerBox.height) return `under the navbar (top ${box.y})`;
      if (box.y + box.height > viewport.height) return `below the fold (top ${box.y})`;
      return 'visible below the navbar';
    })
    .toBe('visible below the navbar');
}

/** Follows a link of the fixed navigation bar (through the menu on narrow screens) without scrolling the page. */
export async function navigateViaHeader(page: Page, name: string) {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** How many lines an inline element (a link, an address in a sentence) is broken over. */
export async function linesOf(target: Locator): Promise<number> {
  // A box per line and text node: "Open lead #" and "10" are two boxes on one line.
  return target.evaluate(
    (element) => new Set([...element.getClientRects()].map((box) => Math.round(box.top))).size,
  );
}
