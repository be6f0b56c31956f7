/**
 * A follow-up (docs/decisions/040-follow-ups.md). On a lead's page staff choose "Tomorrow" and set the follow-up;
 * the lead's
 * timeline says so; the Follow-ups view lists it under "Upcoming", linking to the lead; "Done" clears it
 * and the view says there is nothing coming up. Axe finds nothing on either page, at 1280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';
import { openSection } from './support/staff-nav.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name });

// At 1280 px in the desktop project, at 375 px in the mobile one (the @phone tests: docs/decisions/073).
for (const [width, phone] of [
  [1280, ''],
  [375, ' @phone'],
] as const) {
  test(`staff set a follow-up for tomorrow, find it under Upcoming and mark it done (${width} px)${phone}`, async ({
    page,
    staff,
    isMobile,
  }) => {
    test.skip(!isMobile && width < 768, 'the mobile project runs it, on a phone');
    await page.setViewportSize({ width, height: 800 });
    await staff.sample();
    await page.goto('/admin/leads/12');
    await waitForHydration(page);

    const card = region(page, 'Follow-up');
    await expect(card).toContainText('No follow-up set.');
    await card.getByRole('button', { name: 'Tomorrow' }).click();
    await expect(card.getByLabel('Follow up on')).not.toHaveValue('');
    await card.getByRole('button', { name: 'Set follow-up' }).click();
    await expect(card.getByRole('status')).toContainText('Follow-up set for');
    await expect(card.getByText(/^Follow up on \w{3} \d{1,2} \w{3}/)).toBeVisible();
    await expect(region(page, 'Notes and history')).toContainText(/Follow up on \w{3} \d{1,2} \w{3}/);
    await expectNoAxeViolations(page, 'a lead with a follow-up');

    await openSection(page, 'Follow-ups');
    await expect(page.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
    const upcoming = region(page, 'Upcoming');
    await expect(region(page, 'Overdue')).toContainText('Nothing overdue.');
    await expect(region(page, 'Today')).toContainText('Nothing to follow up on today.');
    await expect(upcoming).toContainText('Unassigned');
    await expectNoAxeViolations(page, 'the Follow-ups view');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(width);

    await upcoming.getByRole('link', { name: 'Priya Sharma' }).click();
    await waitForHydration(page);
    await region(page, 'Follow-up').getByRole('button', { name: 'Done' }).click();
    await expect(region(page, 'Follow-up')).toContainText('No follow-up set.');
    await expect(region(page, 'Notes and history')).toContainText('Follow-up done');

    await openSection(page, 'Follow-ups');
    await expect(region(page, 'Upcoming')).toContainText('Nothing coming up.');
    await page.getByRole('link', { name: 'Mine' }).click();
    await expect(region(page, 'Upcoming')).toContainText('Nothing coming up for you.');
  });
}
