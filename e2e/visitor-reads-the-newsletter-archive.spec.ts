import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { expectNoAxeViolations } from './support/axe.ts';
import { seedCampaign } from './support/campaign-seed.ts';
import { E2E_BASE_URL } from './support/e2e-env.ts';
import { expect, test } from './support/fixtures.ts';

// Chromium reports the 404 status of the document itself as a console error.
const DOCUMENT_404 = /status of 404/;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

test.describe('a visitor reads the newsletter archive', () => {
  test('finds a sent newsletter from the footer and reads its web version @phone', async ({ page }) => {
    const campaign = seedCampaign({
      // Its own subject: the desktop and mobile projects share the server, and its archive.
      subject: `Faster pages, clearer forms (${test.info().project.name})`,
      preheader: 'Three changes that made our clients’ sites quicker to use.',
      bodyMarkdown: [
        '# Faster pages',
        'We removed **half** of the script our pages send.',
        '## What changed',
        '- fewer requests;\n- a smaller stylesheet.',
        '> "Quicker than ever."',
        'Read about [our services](https://www.example.com/services).',
      ].join('\n\n'),
    });

    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Read past newsletters' }).click();
    await expect(page).toHaveURL('/newsletter/archive');
    await expect(heading(page)).toHaveText('Newsletter archive');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${E2E_BASE_URL}/newsletter/archive`,
    );
    const entry = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: campaign.subject, exact: true }) });
    await expect(entry).toContainText(campaign.preheader);
    await expect(entry).toContainText(/Sent on \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'the archive index');

    await entry.getByRole('link', { name: campaign.subject, exact: true }).click();
    await expect(page).toHaveURL(`/newsletter/archive/${campaign.slug}`);
    await expect(heading(page)).toHaveText(campaign.subject);
    await expect(page).toHaveTitle(`${campaign.subject} | Acme Tech Solutions`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${E2E_BASE_URL}/newsletter/archive/${campaign.slug}`,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', campaign.preheader);
    const main = page.getByRole('main');
    await expect(main).toContainText(/Sent on \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(main.getByRole('heading', { level: 2, name: 'Faster pages' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 3, name: 'What changed' })).toBeVisible();
    await expect(main.locator('strong')).toHaveText('half');
    await expect(main.getByRole('link', { name: 'our services' })).toHaveAttribute(
      'href',
      'https://www.example.com/services',
    );
    // The web version is nobody's own: no unsubscribe link, no token.
    expect(await page.content()).not.toMatch(/\/newsletter\/unsubscribe|token=/);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'a newsletter in the archive');

    await main.getByRole('link', { name: 'All newsletters' }).click();
    await expect(heading(page)).toHaveText('Newsletter archive');
  });

  test('subscribes from the archive, without JavaScript', async ({ page }) => {
    const campaign = seedCampaign({ subject: 'Sign-up invitation' });
    await page.goto(`/newsletter/archive/${campaign.slug}`);
    const form = page.getByRole('main').getByRole('form', { name: 'Newsletter' });
    await form
      .getByRole('textbox', { name: 'E-mail address' })
      .fill(`archive.${randomUUID().slice(0, 8)}@company.example`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL('/newsletter/check-your-inbox');
    await expect(heading(page)).toHaveText('Check your inbox');
  });

  test('an unpublished, draft, paused mid-send or unknown newsletter is the not-found page', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(DOCUMENT_404);
    const hidden = seedCampaign({ subject: 'Kept private', publishInArchive: false });
    const draft = seedCampaign({ subject: 'Draft', status: 'draft' });
    // Paused half way: not sent yet. (A seeded 'sending' one with no emails left would be finished, and
    // published, by the server's next pass, as it should be.)
    const paused = seedCampaign({ subject: 'Paused half way', status: 'paused' });
    for (const slug of [hidden.slug, draft.slug, paused.slug, 'no-such-newsletter']) {
      const response = await page.goto(`/newsletter/archive/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(heading(page)).toHaveText('Page not found');
    }
    await page.goto('/newsletter/archive');
    for (const campaign of [hidden, draft, paused]) {
      await expect(page.getByRole('link', { name: campaign.subject })).toHaveCount(0);
    }
  });

  test('its pages are valid HTML as served', async ({ request }) => {
    const campaign = seedCampaign({
      subject: 'Valid & <checked>',
      bodyMarkdown: '# A heading\n\n1. one\n2. two\n\n```\ncode\n```\n\n---\n\n> quoted',
    });
    // The rules are in .htmlvalidate.json, as for every prerendered page.
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    for (const path of ['/newsletter/archive', `/newsletter/archive/${campaign.slug}`]) {
      const html = await (await request.get(path)).text();
      const report = await validator.validateString(html, `${path}.html`);
      const problems = report.results
        .flatMap((result) => result.messages)
        .map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? 'document'})`);
      expect(problems, path).toEqual([]);
    }
  });
});
