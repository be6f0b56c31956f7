import type { Page } from '@playwright/test';
import { mockAdminApi, sampleInbox, STAFF_EMAIL, withoutPasskeyAutofill } from './support/admin-api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/e2e-env.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

// The inbox's API is answered in the browser (support/admin-api.ts); the passkey ceremonies are real,
// against Chromium's virtual authenticator.

const signInButton = (page: Page) =>
  page.getByRole('button', { name: /Sign in with a passkey|Waiting for your passkey/ });

function signedOut() {
  const inbox = sampleInbox();
  inbox.signedIn = false;
  return inbox;
}

test.beforeEach(({ consoleGuard }) => {
  // The inbox answers 401 until someone signs in (and the browser logs each refused call).
  consoleGuard.allow(/status of (401|429)/);
});

test('opening a lead without a session leads to sign-in, and the passkey button leads back to it', async ({
  page,
}) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL);
  const api = await mockAdminApi(page, signedOut());

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

  const [answer] = api.callsTo('POST', '/sign-in');
  const options = api.callsTo('POST', '/sign-in/options');
  expect(options).toHaveLength(1);
  expect(answer?.body).toMatchObject({
    flow: expect.stringMatching(/^flow-/),
    response: { type: 'public-key' },
  });
});

test('the browser offers the passkey in the email field, and choosing it signs in', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL);
  const api = await mockAdminApi(page, signedOut());

  await page.goto('/admin/sign-in');
  // Chromium's virtual authenticator answers the field's passkey suggestion at once, as if it were chosen.
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  expect(api.callsTo('POST', '/sign-in')).toHaveLength(1);
});

test('the email field takes part in passkey autofill', async ({ page }) => {
  await withoutPasskeyAutofill(page);
  await mockAdminApi(page, signedOut());
  await page.goto('/admin/sign-in');
  await waitForHydration(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expectNoAxeViolations(page, 'the sign-in page');
});

test('a cancelled passkey dialog says so, and the person can try again', async ({ page }) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL);
  await authenticator.refuseUserVerification();
  const api = await mockAdminApi(page, signedOut());
  await page.goto('/admin/sign-in');
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(/Signing in was cancelled, or no passkey was chosen/);
  await expect(signInButton(page)).toHaveText('Sign in with a passkey');
  expect(api.callsTo('POST', '/sign-in')).toHaveLength(0);
  await expectNoAxeViolations(page, 'the sign-in page after a cancelled ceremony');

  await authenticator.allowUserVerification();
  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
});

test('a passkey the inbox does not know is refused with a clear message', async ({ page }) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey('someone@elsewhere.example');
  const inbox = signedOut();
  inbox.signIn = 'unknown-passkey';
  await mockAdminApi(page, inbox);
  await page.goto('/admin/sign-in');
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(/This passkey is not registered for the inbox/);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});

test('too many attempts (429) asks the person to wait', async ({ page }) => {
  await withoutPasskeyAutofill(page);
  const api = await mockAdminApi(page, signedOut());
  api.failNext('POST', '/sign-in/options', 429, { error: 'rate-limited', message: 'Too many requests.' });
  await page.goto('/admin/sign-in');
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Wait a few minutes, then try again.');
});

test('after signing in, "next" never leads away from the inbox', async ({ page }) => {
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL);
  await mockAdminApi(page, signedOut());
  await page.goto(`/admin/sign-in?next=${encodeURIComponent('https://evil.example/admin')}`);
  await waitForHydration(page);

  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/admin`);
});
