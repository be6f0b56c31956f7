import type { Page } from '@playwright/test';
import { failNext, withoutPasskeyAutofill } from './support/api-faults.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { addVirtualAuthenticator, type VirtualAuthenticator } from './support/passkeys.ts';
import { seedSampleInbox, STAFF_EMAIL } from './support/staff-sample.ts';
import { expect, type Staff, test, waitForHydration } from './support/staff-test.ts';

// The real server, signed out, with Meera's account; the passkey ceremonies are real, against Chromium's
// virtual authenticator holding the passkey of her laptop (or one the inbox does not know).

const signInButton = (page: Page) =>
  page.getByRole('button', { name: /Sign in with a passkey|Waiting for your passkey/ });

/** The sample inbox, nobody signed in; the authenticator holds Meera's laptop passkey. */
async function signedOut(staff: Staff, authenticator?: VirtualAuthenticator) {
  const { laptop } = seedSampleInbox(staff.db);
  staff.db.run('delete from admin_activity');
  await authenticator?.addPasskey(STAFF_EMAIL, laptop);
}

/** The sign-ins the activity log recorded, newest last. */
const signIns = (staff: Staff) =>
  staff.db
    .query<{ action: string }>("select action from admin_activity where action like 'sign-in%' order by id")
    .map((row) => row.action);

test.beforeEach(({ consoleGuard }) => {
  // The inbox answers 401 until someone signs in (and the browser logs each refused call).
  consoleGuard.allow(/status of (401|429)/);
});

test('opening a lead without a session leads to sign-in, and the passkey button leads back to it', async ({
  page,
  staff,
}) => {
  await withoutPasskeyAutofill(page);
  await signedOut(staff, await addVirtualAuthenticator(page));

  await page.goto('/admin/leads/10');
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fleads%2F10/);
  await expect(page.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Sign in | Acme Tech Solutions');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: 'Ananya Rao', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/leads\/10$/);
  await expect(page.getByRole('banner')).toContainText(STAFF_EMAIL);
  expect(signIns(staff)).toEqual(['sign-in']);
});

test('the browser offers the passkey in the email field, and choosing it signs in', async ({
  page,
  staff,
}) => {
  await signedOut(staff, await addVirtualAuthenticator(page));

  await page.goto('/admin/sign-in');
  // Chromium's virtual authenticator answers the field's passkey suggestion at once, as if it were chosen.
  // Without a page to go back to, signing in opens the dashboard, the inbox's first view.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(signIns(staff)).toEqual(['sign-in']);
});

test('the email field takes part in passkey autofill @phone', async ({ page, staff }) => {
  await withoutPasskeyAutofill(page);
  await signedOut(staff);
  await page.goto('/admin/sign-in');
  await waitForHydration(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expectNoAxeViolations(page, 'the sign-in page');
});

test('a cancelled passkey dialog says so, and the person can try again @phone', async ({ page, staff }) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await signedOut(staff, authenticator);
  await authenticator.refuseUserVerification();
  await page.goto('/admin/sign-in');
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(/Signing in was cancelled, or no passkey was chosen/);
  await expect(signInButton(page)).toHaveText('Sign in with a passkey');
  expect(signIns(staff)).toEqual([]);
  await expectNoAxeViolations(page, 'the sign-in page after a cancelled ceremony');

  await authenticator.allowUserVerification();
  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('a passkey the inbox does not know is refused with a clear message', async ({ page, staff }) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey('someone@elsewhere.example');
  await signedOut(staff);
  await page.goto('/admin/sign-in');
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(/This passkey is not registered for the inbox/);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  expect(signIns(staff)).toEqual(['sign-in-failed']);
});

test('too many attempts (429) asks the person to wait', async ({ page, staff }) => {
  await withoutPasskeyAutofill(page);
  await signedOut(staff);
  await failNext(page, 'POST', '/sign-in/options', 429, {
    error: 'rate-limited',
    message: 'Too many requests.',
  });
  await page.goto('/admin/sign-in');
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Wait a few minutes, then try again.');
});

test('after signing in, "next" never leads away from the inbox', async ({ page, staff }) => {
  await withoutPasskeyAutofill(page);
  await signedOut(staff, await addVirtualAuthenticator(page));
  await page.goto(`/admin/sign-in?next=${encodeURIComponent('https://evil.example/admin')}`);
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${staff.url}/admin/dashboard`);
});
