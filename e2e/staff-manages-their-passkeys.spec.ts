import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { seedStaff, STAFF_EMAIL } from './support/staff-sample.ts';
import { expect, type Staff, test, waitForHydration } from './support/staff-test.ts';

const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const passkeyNames = (page: Page) => passkeys(page).getByRole('listitem').getByRole('heading', { level: 3 });

/** The names of the account's passkeys, as the server keeps them. */
const storedPasskeys = (staff: Staff) =>
  staff.db
    .query<{ name: string }>('select name from admin_passkeys order by created_at')
    .map((row) => row.name);

async function openAccount(page: Page) {
  await page.goto('/admin/account');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

test('the account lists the person’s passkeys with when they were added and last used', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openAccount(page);
  await expect(page.getByRole('main')).toContainText(`Signed in as ${STAFF_EMAIL}.`);
  await expect(passkeyNames(page)).toHaveText(['MacBook (iCloud Keychain)', 'Pixel 8']);
  const laptop = passkeys(page).getByRole('listitem').first();
  await expect(laptop).toContainText('Added 14 Oct 2025, 4:15 pm · last used 23 Nov 2025, 2:15 pm');
  await expect(passkeys(page).getByRole('listitem').nth(1)).toContainText('never used to sign in');
  await expectNoAxeViolations(page, 'the account page');
});

test('a passkey is added with the browser’s passkey dialog', async ({ page, staff }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await staff.sample({ verified: true });
  await openAccount(page);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  await expect(passkeyNames(page)).toHaveCount(3);
  expect(await authenticator.passkeyCount()).toBe(1);
  // The server checked the new passkey and keeps it.
  expect(storedPasskeys(staff)).toHaveLength(3);
});

test('removing a passkey asks for a passkey check when the server wants one, then removes it', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  const authenticator = await addVirtualAuthenticator(page);
  const { laptop } = await staff.sample();
  await authenticator.addPasskey(STAFF_EMAIL, laptop);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  await openAccount(page);

  await page.getByRole('button', { name: 'Remove the passkey Pixel 8' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the passkey “Pixel 8”?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the remove-passkey dialog');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'The passkey “Pixel 8” was removed.' }),
  ).toBeVisible();
  await expect(passkeyNames(page)).toHaveText(['MacBook (iCloud Keychain)']);
  // Refused once for want of a recent check (403 "verify"), checked with the laptop's passkey, then removed.
  expect(refused).toHaveLength(1);
  expect(storedPasskeys(staff)).toEqual(['MacBook (iCloud Keychain)']);
});

test('with a recent passkey check, a passkey is removed at once', async ({ page, staff }) => {
  // No authenticator: a passkey check could not pass, so none is asked for.
  await staff.sample({ verified: true });
  await openAccount(page);
  await page.getByRole('button', { name: 'Remove the passkey Pixel 8' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeyNames(page)).toHaveText(['MacBook (iCloud Keychain)']);
  expect(storedPasskeys(staff)).toEqual(['MacBook (iCloud Keychain)']);
});

test('a cancelled passkey check removes nothing and says why', async ({ page, staff, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  const authenticator = await addVirtualAuthenticator(page);
  const { laptop } = await staff.sample();
  await authenticator.addPasskey(STAFF_EMAIL, laptop);
  await authenticator.refuseUserVerification();
  await openAccount(page);
  await page.getByRole('button', { name: 'Remove the passkey Pixel 8' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The passkey was not removed: the check that it is you was cancelled.',
  );
  await expect(passkeyNames(page)).toHaveCount(2);
  expect(storedPasskeys(staff)).toHaveLength(2);
});

test('the only passkey cannot be removed, and the page says why', async ({ page, staff }) => {
  await staff.signIn(seedStaff(staff.db, { onePasskey: true }).accountId);
  await openAccount(page);
  const remove = page.getByRole('button', { name: 'Remove the passkey MacBook (iCloud Keychain)' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/This is your only passkey, so it cannot be removed/);
  await expect(passkeys(page)).toContainText('add another one first');
  await expectNoAxeViolations(page, 'the account with one passkey');
});

test('when the server refuses to remove the last passkey (409), the dialog says why', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 409/);
  const { phone } = await staff.sample({ verified: true });
  await openAccount(page);
  // Another device removed the other passkey meanwhile: this page still shows two.
  staff.db.run('delete from admin_passkeys where id = ?', phone.id);
  await page.getByRole('button', { name: 'Remove the passkey MacBook (iCloud Keychain)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/This is your only passkey, so it cannot be removed/);
});

test('signing out leads to the sign-in page, which says so', async ({ page, staff, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await staff.sample();
  await openAccount(page);
  await page
    .getByRole('region', { name: 'Sign out' })
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await expect(page.getByRole('banner')).not.toContainText(STAFF_EMAIL);
  // The session is over: the inbox asks to sign in again, and to come back to it afterwards.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin&reason=required$/);
  expect(staff.db.query('select * from admin_sessions')).toEqual([]);
});

test('signing out everywhere ends every session', async ({ page, staff }) => {
  const { accountId } = await staff.sample();
  // Signed in on another device too.
  const other = await page.context().browser()!.newContext({ baseURL: staff.url });
  await staff.signIn(accountId, { context: other });
  await openAccount(page);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out on every device.');
  const otherPage = await other.newPage();
  await otherPage.goto('/admin/outbox');
  await expect(otherPage.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  await other.close();
});

test('the header’s Sign out works from any page', async ({ page, staff }) => {
  await staff.sample();
  await page.goto('/admin/outbox');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  expect(staff.db.query('select * from admin_sessions')).toEqual([]);
});
