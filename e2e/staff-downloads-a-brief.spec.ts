import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seedAttachment } from './support/attachment-seed.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Staff, test, waitForHydration } from './support/staff-test.ts';

/** A small PDF as a visitor would send it: the signature, then content that is not text. */
const BRIEF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 31 + 7) % 256)),
  Buffer.from('\n%%EOF\n'),
]);

/** Priya's lead (12) with her brief, scanned clean, and a screenshot still waiting for its scan. */
async function leadWithFiles(page: Page, staff: Staff, databasePath: string) {
  await staff.sample();
  await seedAttachment(databasePath, 12, {
    name: 'Brief – Sharma Textiles (2026).pdf',
    content: BRIEF,
    scan: 'clean',
    position: 0,
  });
  await seedAttachment(databasePath, 12, {
    name: 'current-site.png',
    content: Buffer.from('\x89PNG\r\n\x1a\n-not-scanned-yet'),
    scan: 'pending',
    position: 1,
  });
  await page.goto('/admin/leads/12');
  await waitForHydration(page);
  return page.getByRole('region', { name: 'Attachments' });
}

test("staff download a lead's brief, byte for byte, under its own name", async ({
  page,
  staff,
  staffServer,
}, testInfo) => {
  const files = await leadWithFiles(page, staff, staffServer.databasePath);
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByRole('listitem').first()).toContainText('293 KB · PDF · Scanned, clean');

  const link = files.getByRole('link', { name: 'Brief – Sharma Textiles (2026).pdf (download)' });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Brief – Sharma Textiles (2026).pdf');
  expect(readFileSync(await download.path()).equals(BRIEF)).toBe(true);
  // Still on the lead: the file was saved, not opened.
  await expect(page).toHaveURL(/\/admin\/leads\/12$/);

  await expectNoAxeViolations(page, 'a lead with attachments');
  await files.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('lead-with-attachments.png'), fullPage: true });
});

test('a file waiting for its virus scan is listed without a link, and says so', async ({
  page,
  staff,
  staffServer,
}) => {
  const files = await leadWithFiles(page, staff, staffServer.databasePath);
  const pending = files.getByRole('listitem').nth(1);
  await expect(pending).toContainText('current-site.png');
  await expect(pending).toContainText('Not scanned yet. It can be downloaded once it is scanned.');
  await expect(pending.getByRole('link')).toHaveCount(0);
  // Nothing on the page is wider than the screen (375 px on the mobile project).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
