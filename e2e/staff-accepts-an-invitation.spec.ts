import { expectNoAxeViolations } from './support/axe.ts';
import { linesOf } from './support/layout.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { newToken } from '../server/security/tokens.ts';
import { seedInvitation } from './support/staff-seed.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

// The invitation link carries its token after the #, so it never reaches a server's log.

test('a new colleague sees whom the invitation is for, creates a passkey and lands in the inbox', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 410/);
  const authenticator = await addVirtualAuthenticator(page);
  const token = seedInvitation(staff.db, 'dev@acme.example', 'open');

  await page.goto(`/admin/invitation#${token}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Join the inbox', level: 1 })).toBeVisible();
  await expect(page.getByText('This invitation is for dev@acme.example.')).toBeVisible();
  await expectNoAxeViolations(page, 'the invitation page');

  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('dev@acme.example');
  expect(await authenticator.passkeyCount()).toBe(1);
  // The server made the account with the passkey, and the link is used up.
  expect(
    staff.db.query(
      'select email, count(admin_passkeys.id) as passkeys from admin_accounts join admin_passkeys on account_id = admin_accounts.id group by email',
    ),
  ).toEqual([{ email: 'dev@acme.example', passkeys: 1 }]);
  await page.goto(`/admin/invitation#${token}`);
  await expect(
    page.getByRole('heading', { name: 'This invitation has been used or has expired', level: 1 }),
  ).toBeVisible();
});

test('on a phone the address the invitation is for wraps whole, never in the middle', async ({
  page,
  staff,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const token = seedInvitation(staff.db, 'dev@acme.example', 'open');
  await page.goto(`/admin/invitation#${token}`);
  await waitForHydration(page);
  const address = page.getByText('dev@acme.example', { exact: true });
  await expect(address).toBeVisible();
  expect(await linesOf(address)).toBe(1);
});

test('cancelling the passkey dialog keeps the invitation, to try again', async ({ page, staff }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.refuseUserVerification();
  const token = seedInvitation(staff.db, 'dev@acme.example', 'open');
  await page.goto(`/admin/invitation#${token}`);
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Creating the passkey was cancelled/);
  await expect(page).toHaveURL(new RegExp(`#${token}$`));

  await authenticator.allowUserVerification();
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

for (const state of ['used', 'expired'] as const) {
  test(`a${state === 'used' ? ' used' : 'n expired'} invitation asks for a new one`, async ({
    page,
    staff,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 410/);
    const token = seedInvitation(staff.db, 'dev@acme.example', state);
    await page.goto(`/admin/invitation#${token}`);
    await waitForHydration(page);
    await expect(
      page.getByRole('heading', { name: 'This invitation has been used or has expired', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(/Ask whoever invited you for a new invitation/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create passkey' })).toHaveCount(0);
    await expectNoAxeViolations(page, `an ${state} invitation`);
  });
}

test('a link replaced by a newer invitation says to open the newest one', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 410/);
  const token = seedInvitation(staff.db, 'dev@acme.example', 'withdrawn');
  await page.goto(`/admin/invitation#${token}`);
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { name: 'This invitation link was replaced', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/only the newest link works/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create passkey' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a replaced invitation');
});

test('an unknown invitation link says it does not work', async ({ page, staff, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  seedInvitation(staff.db, 'dev@acme.example', 'open');
  await page.goto(`/admin/invitation#${newToken()}`);
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { name: 'This invitation link does not work', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/new invitation/)).toBeVisible();
});
