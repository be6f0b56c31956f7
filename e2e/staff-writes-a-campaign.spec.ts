import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { PAUSED_REASON, seedCampaign } from './support/campaign-sample.ts';
import { at } from './support/staff-sample.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

/**
 * axe reaches into every frame to check it, and the preview's sandbox (with its policy) refuses to run
 * its script: the refusal is the sandbox working, not a fault of the page.
 */
const SANDBOX_REFUSAL =
  /Blocked script execution in '[^']*preview\.html[^']*' because the document's frame is sandboxed/;

async function openCampaigns(page: Page) {
  await page.goto('/admin/campaigns');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
}

test('a new campaign saves itself, shows the real email and sends a test to oneself', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(SANDBOX_REFUSAL);
  await staff.sample();
  await openCampaigns(page);
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  await expectNoAxeViolations(page, 'the empty campaigns list');

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { name: 'New campaign', level: 1 })).toBeVisible();
  await expect(page.getByText('Not saved yet: write a subject first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send now' })).toBeDisabled();
  await expectNoAxeViolations(page, 'a new campaign');

  await page.getByRole('textbox', { name: 'Subject' }).fill('Winter offers');
  await page.getByRole('textbox', { name: 'Preview text' }).fill('Two weeks of free audits.');
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.fill('Audits are free until December.');
  // Select "free" and make it bold with the toolbar.
  await body.evaluate((textarea: HTMLTextAreaElement) => textarea.setSelectionRange(11, 15));
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
  await expect(body).toHaveValue('Audits are **free** until December.');

  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/\d+$/);
  // The first save gave the page its address; the writer's focus stayed in the text.
  await expect(body).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Winter offers', level: 1 })).toBeVisible();

  const frame = page.locator('iframe[title^="Email preview"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  // The sandbox lets no script into the frame, Playwright's included: its document is read from its address.
  const email = await (await page.request.get((await frame.getAttribute('src')) ?? '')).text();
  expect(email).toContain('Winter offers');
  expect(email).toContain('Two weeks of free audits.');
  expect(email).toMatch(/<strong[^>]*>free<\/strong>/);
  await page.getByRole('button', { name: 'Phone' }).click();
  await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame).toHaveAttribute('title', 'Email preview, phone width');
  await expectNoAxeViolations(page, 'a saved draft with its preview');

  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Test email sent to meera@acme.example.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'a draft after its test email');

  // The draft survives a reload: it was saved, not only kept in the page.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Winter offers');
  await expect(page.getByRole('textbox', { name: 'Preview text' })).toHaveValue('Two weeks of free audits.');
  await expect(page.getByRole('textbox', { name: 'Body' })).toHaveValue(
    'Audits are **free** until December.',
  );
  await expect(page.getByRole('checkbox', { name: 'Publish in the archive' })).toBeChecked();
  // The sample has one confirmed subscriber: who a send would go to now.
  await expect(page.getByText('1 confirmed subscriber would get it now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send now' })).toBeEnabled();
  await expect(page.getByText(/No open or click tracking/)).toBeVisible();

  await page.getByRole('link', { name: 'All campaigns' }).click();
  const list = page.getByRole('list', { name: 'Campaigns' });
  await expect(list.getByRole('link', { name: 'Winter offers' })).toBeVisible();
  await expect(list).toContainText('Draft');
  await expectNoAxeViolations(page, 'the campaigns list');
});

test('an edit made elsewhere meanwhile is not overwritten: the page says to reload', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(SANDBOX_REFUSAL);
  consoleGuard.allow(/status of 409/);
  await staff.sample();
  const id = seedCampaign(staff.db);
  await page.goto(`/admin/campaigns/${id}`);
  await waitForHydration(page);
  // Someone else saves it in another tab.
  staff.db.run('update campaigns set version = version + 1 where id = ?', id);
  await page.getByRole('textbox', { name: 'Subject' }).fill('December at Acme');
  const alert = page.getByRole('alert').filter({ hasText: 'saved elsewhere meanwhile' });
  await expect(alert).toBeVisible();
  await expectNoAxeViolations(page, 'a draft saved elsewhere');
  await alert.getByRole('button', { name: 'Reload the campaign' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(
    'November at Acme: three cloud migrations, one lesson',
  );
});

test('a campaign that paused itself says why, with its figures and no tracking', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(SANDBOX_REFUSAL);
  await staff.sample();
  const id = seedCampaign(staff.db, {
    status: 'paused',
    started_at: at(3),
    paused_reason: PAUSED_REASON,
    slug: 'november-at-acme-1',
  });
  seedCampaign(staff.db, {
    subject: 'October at Acme',
    status: 'sent',
    started_at: at(700),
    finished_at: at(690),
  });
  seedCampaign(staff.db, {
    subject: 'Offers for the new year',
    status: 'scheduled',
    scheduled_at: at(-200),
  });
  await openCampaigns(page);
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('heading')).toHaveCount(3);
  await expectNoAxeViolations(page, 'campaigns in every state');

  await page.goto(`/admin/campaigns/${id}`);
  await waitForHydration(page);
  await expect(page.getByText(PAUSED_REASON)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Sent' })).toBeVisible();
  await expect(page.getByText(/No open or click tracking/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expectNoAxeViolations(page, 'a paused campaign');

  await page.getByRole('button', { name: 'Cancel sending' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this campaign for good?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
});
