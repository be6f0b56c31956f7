import type { Page } from '@playwright/test';
import { mockAdminApi, sampleInbox, STAFF_EMAIL } from './support/admin-api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const passkeyNames = (page: Page) => passkeys(page).getByRole('listitem').getByRole('heading', { level: 3 });

async function openAccount(page: Page) {
  await page.goto('/admin/account');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

test('the account lists the person’s passkeys with when they were added and last used', async ({ page }) => {
  await mockAdminApi(page);
  await openAccount(page);
  await expect(page.getByRole('main')).toContainText(`Signed in as ${STAFF_EMAIL}.`);
  await expect(passkeyNames(page)).toHaveText(['MacBook (iCloud Keychain)', 'Pixel 8']);
  const laptop = passkeys(page).getByRole('listitem').first();
  await expect(laptop).toContainText('Added 14 Oct 2025, 4:15 pm · last used 23 Nov 2025, 2:15 pm');
  await expect(passkeys(page).getByRole('listitem').nth(1)).toContainText('never used to sign in');
  await expectNoAxeViolations(page, 'the account page');
});

test('a passkey is added with the browser’s passkey dialog', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  const api = await mockAdminApi(page);
  await openAccount(page);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  await expect(passkeyNames(page)).toHaveCount(3);
  expect(await authenticator.passkeyCount()).toBe(1);
  // The new passkey is sent with the flow its options came with.
  expect(api.flows).toHaveLength(1);
  expect(api.callsTo('POST', '/passkeys')[0]?.body).toMatchObject({ flow: api.flows[0] });
});

test('removing a passkey asks for a passkey check when the server wants one, then removes it', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL);
  const api = await mockAdminApi(page);
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
  // Refused for want of a recent check (403 "verify"), checked with a passkey, then asked again.
  expect(
    api.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
  ).toEqual([
    'DELETE /passkeys/pk-phone',
    'POST /verify/options',
    'POST /verify',
    'DELETE /passkeys/pk-phone',
  ]);
});

test('with a recent passkey check, a passkey is removed at once', async ({ page }) => {
  const inbox = sampleInbox();
  inbox.me = { ...inbox.me, verifiedUntil: new Date(Date.now() + 4 * 60_000).toISOString() };
  const api = await mockAdminApi(page, inbox);
  await openAccount(page);
  await page.getByRole('button', { name: 'Remove the passkey Pixel 8' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeyNames(page)).toHaveText(['MacBook (iCloud Keychain)']);
  expect(api.callsTo('POST', '/verify')).toHaveLength(0);
});

test('a cancelled passkey check removes nothing and says why', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL);
  await authenticator.refuseUserVerification();
  const api = await mockAdminApi(page);
  await openAccount(page);
  await page.getByRole('button', { name: 'Remove the passkey Pixel 8' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The passkey was not removed: the check that it is you was cancelled.',
  );
  await expect(passkeyNames(page)).toHaveCount(2);
  expect(api.callsTo('DELETE', '/passkeys/pk-phone')).toHaveLength(1);
});

test('the only passkey cannot be removed, and the page says why', async ({ page }) => {
  const inbox = sampleInbox();
  inbox.me = { ...inbox.me, passkeys: inbox.me.passkeys.slice(0, 1) };
  await mockAdminApi(page, inbox);
  await openAccount(page);
  const remove = page.getByRole('button', { name: 'Remove the passkey MacBook (iCloud Keychain)' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/This is your only passkey, so it cannot be removed/);
  await expect(passkeys(page)).toContainText('add another one first');
  await expectNoAxeViolations(page, 'the account with one passkey');
});

test('when the server refuses to remove the last passkey (409), the dialog says why', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 409/);
  const inbox = sampleInbox();
  inbox.me = { ...inbox.me, verifiedUntil: new Date(Date.now() + 4 * 60_000).toISOString() };
  const api = await mockAdminApi(page, inbox);
  // Another device removed the other passkey meanwhile: this page still shows two.
  api.failNext('DELETE', '/passkeys/pk-laptop', 409, { error: 'last-passkey', message: 'Last passkey.' });
  await openAccount(page);
  await page.getByRole('button', { name: 'Remove the passkey MacBook (iCloud Keychain)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/This is your only passkey, so it cannot be removed/);
});

test('signing out leads to the sign-in page, which says so', async ({ page }) => {
  const api = await mockAdminApi(page);
  await openAccount(page);
  await page
    .getByRole('region', { name: 'Sign out' })
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await expect(page.getByRole('banner')).not.toContainText(STAFF_EMAIL);
  expect(api.callsTo('POST', '/sign-out')).toHaveLength(1);
});

test('signing out everywhere ends every session', async ({ page }) => {
  const api = await mockAdminApi(page);
  await openAccount(page);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out on every device.');
  expect(api.callsTo('POST', '/sign-out-everywhere')).toHaveLength(1);
});

test('the header’s Sign out works from any page', async ({ page }) => {
  const api = await mockAdminApi(page);
  await page.goto('/admin/outbox');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  expect(api.callsTo('POST', '/sign-out')).toHaveLength(1);
});
