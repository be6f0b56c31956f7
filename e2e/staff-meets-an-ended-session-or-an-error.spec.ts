import { disconnect, failNext, withoutPasskeyAutofill } from './support/api-faults.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { STAFF_EMAIL } from './support/staff-sample.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';
import { mainNav, openInboxMenu } from './support/staff-nav.ts';

test('a session that ends while working leads to sign-in with a message, and back to the same page after', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  const { laptop } = await staff.sample();
  await authenticator.addPasskey(STAFF_EMAIL, laptop);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();

  // The session expires, or was signed out on another device.
  staff.db.run('delete from admin_sessions');
  await page.getByRole('link', { name: 'Priya Sharma' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the inbox', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fleads%2F12&reason=expired$/);
  await expect(
    page.getByText('Your session has ended. Sign in again to carry on where you were.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in page after the session ended');

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Priya Sharma', level: 1 })).toBeVisible();
});

test('opening the inbox without a session asks to sign in', async ({ page, staff, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await withoutPasskeyAutofill(page);
  await staff.sample();
  await page.context().clearCookies();
  await page.goto('/admin/outbox');
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Foutbox&reason=required$/);
  await expect(page.getByText('Sign in to open the inbox.')).toBeVisible();
});

test('a server error says so clearly, keeps the navigation, and "Try again" loads the page', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 500/);
  await staff.sample();
  await failNext(page, 'GET', '/leads', 500, {
    error: 'internal',
    message: 'The database could not be read.',
  });
  await page.goto('/admin');
  await waitForHydration(page);

  await expect(page.getByRole('heading', { name: 'The server had a problem', level: 1 })).toBeVisible();
  await expect(page.getByText('The database could not be read.')).toBeVisible();
  await openInboxMenu(page);
  await expect(mainNav(page).getByRole('link', { name: 'Outbox' })).toBeVisible();
  await expectNoAxeViolations(page, 'a server error');

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem')).toHaveCount(6);
});

test('when who is signed in cannot be loaded, the page says so instead of going blank', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 503/);
  await staff.sample();
  await failNext(page, 'GET', '/me', 503, {
    error: 'unavailable',
    message: 'The inbox is starting. Try again in a moment.',
  });
  await page.goto('/admin/activity');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'The server had a problem', level: 1 })).toBeVisible();
  await expect(page.getByText('The inbox is starting. Try again in a moment.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
});

test('a lost connection says the server could not be reached', async ({ page, staff, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
  await staff.sample();
  const reconnect = await disconnect(page, 'GET', '/subscribers');
  await page.goto('/admin/subscribers');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'No connection to the server', level: 1 })).toBeVisible();
  await expect(page.getByText(/Check your connection, then try again/)).toBeVisible();

  reconnect();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
});
