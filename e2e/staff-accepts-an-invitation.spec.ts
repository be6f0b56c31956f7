import { mockAdminApi } from './support/admin-api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

// The invitation link carries its token after the #, so it never reaches a server's log.

test('a new colleague sees whom the invitation is for, creates a passkey and lands in the inbox', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const api = await mockAdminApi(page);
  api.inbox.signedIn = false;

  await page.goto('/admin/invitation#good-token');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Join the inbox', level: 1 })).toBeVisible();
  await expect(page.getByText('This invitation is for dev@acme.example.')).toBeVisible();
  expect(api.callsTo('POST', '/invitation')[0]?.body).toEqual({ token: 'good-token' });
  await expectNoAxeViolations(page, 'the invitation page');

  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('dev@acme.example');
  expect(await authenticator.passkeyCount()).toBe(1);
  const [accept] = api.callsTo('POST', '/invitation/accept');
  expect(api.flows).toHaveLength(1);
  expect(accept?.body).toMatchObject({
    token: 'good-token',
    flow: api.flows[0],
    response: { type: 'public-key' },
  });
});

test('cancelling the passkey dialog keeps the invitation, to try again', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.refuseUserVerification();
  const api = await mockAdminApi(page);
  api.inbox.signedIn = false;
  await page.goto('/admin/invitation#good-token');
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Creating the passkey was cancelled/);
  await expect(page).toHaveURL(/#good-token$/);

  await authenticator.allowUserVerification();
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
});

test('a used or expired invitation asks for a new one', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 410/);
  await mockAdminApi(page);
  await page.goto('/admin/invitation#used-token');
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { name: 'This invitation has been used or has expired', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/Ask whoever invited you for a new invitation/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create passkey' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a used invitation');
});

test('a link replaced by a newer invitation says to open the newest one', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 410/);
  await mockAdminApi(page);
  await page.goto('/admin/invitation#replaced-token');
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { name: 'This invitation link was replaced', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/only the newest link works/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create passkey' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a replaced invitation');
});

test('an unknown invitation link says it does not work', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await mockAdminApi(page);
  await page.goto('/admin/invitation#not-a-real-token');
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { name: 'This invitation link does not work', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/new invitation/)).toBeVisible();
});
