/**
 * An admin and a member (docs/decisions/041-roles-in-the-contract.md). The admin invites a colleague as a member
 * from the Team view; the
 * colleague joins with a passkey; their navigation has no Campaigns, Team or Settings, and Settings opened
 * by its address says that only admins can open it. Axe finds nothing, at 1280 and 375 px.
 */
import { expectNoAxeViolations } from './support/axe.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { mainNav, openInboxMenu, openSection } from './support/staff-nav.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

for (const width of [1280, 375]) {
  test(`an admin invites a member, who works the leads but cannot open Settings (${width} px)`, async ({
    page,
    browser,
    staff,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403/);
    await page.setViewportSize({ width, height: 800 });
    await staff.sample();
    await page.goto('/admin');
    await waitForHydration(page);
    await openSection(page, 'Team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Accounts' })).toContainText('Meera (you)');
    await expectNoAxeViolations(page, 'the Team view');

    const invite = page.getByRole('region', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill('ravi.kumar@acme.example');
    await invite.getByLabel('Role').selectOption('member');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const link = await invite.getByRole('status').locator('code').textContent();
    expect(link).toMatch(/\/admin\/invitation#[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('region', { name: 'Invitations waiting' })).toContainText(
      'ravi.kumar@acme.example, as a member',
    );

    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const member = await context.newPage();
    await addVirtualAuthenticator(member);
    await member.goto(link ?? '');
    await waitForHydration(member);
    await member.getByRole('button', { name: 'Create passkey' }).click();
    await expect(member.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await openInboxMenu(member);
    await expect(mainNav(member).getByRole('link')).toHaveText([
      'Dashboard',
      'Inbox',
      'Follow-ups',
      'Outbox',
      'Subscribers',
      'Activity',
      'Account',
    ]);
    await expectNoAxeViolations(member, "a member's dashboard");

    await member.goto('/admin/settings');
    await expect(
      member.getByRole('heading', { name: 'Only admins can open this page', level: 1 }),
    ).toBeVisible();
    await expectNoAxeViolations(member, 'Settings refused to a member');
    const scroll = await member.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(width);
    await context.close();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Accounts' })).toContainText('Ravi Kumar');
  });
}

test('the last admin cannot be made a member: the Team view says why', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 409/);
  await staff.sample();
  await page.goto('/admin/team');
  await waitForHydration(page);
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await accounts.getByLabel(/^Role/).selectOption('member');
  await accounts.getByRole('button', { name: /^Change role/ }).click();
  await expect(accounts).toContainText('This is the last admin.');
  await expectNoAxeViolations(page, 'the last admin kept');
});
