import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/staff-test.ts';

/** Presses Tab until the element has the focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 25) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached within ${limit} presses of Tab`).toBeFocused();
}

test('with the keyboard alone: skip to the inbox, open a lead, change its status, add a note', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await page.goto('/admin');
  await waitForHydration(page);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const lead = page.getByRole('link', { name: 'Priya Sharma' });
  await tabTo(page, lead);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Priya Sharma', level: 1 });
  await expect(heading).toBeFocused();

  const status = page.getByRole('combobox', { name: 'Status' });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('contacted');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save status' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Status' }).getByRole('status')).toHaveText(
    'Status changed to Contacted.',
  );
  // The button keeps the focus while it saves and after.
  await expect(page.getByRole('button', { name: 'Save status' })).toBeFocused();

  const note = page.getByRole('textbox', { name: 'Note' });
  await tabTo(page, note);
  await page.keyboard.type('Called: she wants a call back on Monday.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();
  await page.keyboard.press('Enter');
  const history = page.getByRole('region', { name: 'Notes and history' });
  await expect(history.getByRole('listitem').first()).toContainText(
    'Called: she wants a call back on Monday.',
  );
  await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();

  // Both were saved: the page opened again shows them.
  await page.reload();
  await expect(status).toHaveValue('contacted');
  await expect(history.getByRole('listitem').first()).toContainText(
    'Called: she wants a call back on Monday.',
  );
});

test('with the keyboard alone: the delete dialog keeps the focus inside and gives it back', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await page.goto('/admin/leads/12');
  await waitForHydration(page);
  const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
  await tabTo(page, deleteButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this lead for good?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
});
