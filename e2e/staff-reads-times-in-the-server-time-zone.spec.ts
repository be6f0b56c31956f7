import { expect, test, waitForHydration } from './support/staff-test.ts';

// A server of its own, set to another time zone than the company's (a worker option: a worker of its own).
test.use({ staffTimeZone: 'Europe/London' });

test('times are shown in the time zone the server gives', async ({ page, staff }) => {
  await staff.sample();
  await page.goto('/admin');
  await waitForHydration(page);
  const first = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first();
  // 09:45 UTC is 9:45 am in London in November (4:15 pm in Asia/Kolkata, the default).
  await expect(first.locator('time')).toHaveText('23 Nov 2025, 9:45 am');
});
