/**
 * Screenshots of every page at desktop and phone width, for a visual review, from the build (npm run build).
 * Usage: npm run screenshots [-- base-url] [--tiles] [--inbox] [--only=<name prefix of the inbox's shots>]
 * Starts the built server with a database of its own (as the staff e2e specs do). Writes PNGs to
 * screenshots/ (ignored by git): the public pages from base-url (default: that server, where the newsletter
 * archive's two pages are shot too, with bench:web's sample campaign), and the inbox's
 * pages and states to screenshots/admin/, always from that server with seeded data; --inbox takes only those.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { prerenderPaths } from '../app/content/site-map.ts';
import { ARCHIVE_ROUTES, seedArchiveSample } from '../bench/web/archive-sample.ts';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { startStaffServer } from '../e2e/support/staff-server.ts';
import { captureInbox } from './lib/inbox-screenshots.ts';

const args = process.argv.slice(2);
const tiles = args.includes('--tiles');
const inboxOnly = args.includes('--inbox');
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? '';
const baseArg = args.find((arg) => !arg.startsWith('--'));
const widths = [1280, 375];
const outDir = 'screenshots';
mkdirSync(`${outDir}/tiles`, { recursive: true });

/** The interactive states worth reviewing: the quote form open with its errors, and the mobile menu. */
async function captureStates(page: Page, width: number) {
  await page.goto(new URL('/', base).href, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('button', { name: 'Get a Quote' }).click();
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByLabel(quoteFormFields.email.label, { exact: true }).fill('not-an-email');
  for (const name of quoteFields) {
    await form.getByLabel(quoteFormFields[name].label, { exact: true }).focus();
  }
  await page.getByRole('heading', { name: 'Tell us what you want to build' }).click();
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${outDir}/state-quote-form-errors-${width}.png` });
  // A file the form cannot send, as a visitor sees it once the picker closes: in view, with why.
  await form.getByLabel(quoteFormFields.email.label, { exact: true }).fill('priya@company.example');
  await form.getByLabel('Attachments').setInputFiles([
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  await form.getByRole('button', { name: 'Replace setup.exe' }).waitFor();
  await page.screenshot({ path: `${outDir}/state-quote-form-refused-file-${width}.png` });
  if (width < 768) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${outDir}/state-mobile-menu-${width}.png` });
  }
}

if (!existsSync('build/.complete')) {
  console.error('No build: run "npm run build" before "npm run screenshots".');
  process.exit(1);
}
const server = await startStaffServer('screenshots', 'Asia/Kolkata');
const base = baseArg ?? server.url;
// The newsletter archive's pages are written from the database: one sample campaign for them to show.
seedArchiveSample(server.databasePath);
const publicPaths = [...prerenderPaths, ...(baseArg ? [] : ARCHIVE_ROUTES.map(({ path }) => path))];
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const width of widths) {
    await captureInbox(browser, server, width, `${outDir}/admin`, only);
    if (inboxOnly) continue;
    // The inbox's shots seed their own campaigns in place of the archive's sample: seeded again here.
    if (!baseArg) seedArchiveSample(server.databasePath);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of publicPaths) {
      await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
      // A campaign's slug is long: its page is "newsletter-archive-campaign".
      const name =
        path === '/'
          ? 'home'
          : path.startsWith(`${ARCHIVE_ROUTES[0].path}/`)
            ? 'newsletter-archive-campaign'
            : path.slice(1).toLowerCase().replaceAll('/', '-');
      await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
      if (tiles) {
        // Page-sized slices of long pages, easier to read than one tall image.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const tile = width < 768 ? 1000 : 1400;
        for (let y = 0, part = 1; y < height; y += tile, part++) {
          await page.screenshot({
            path: `${outDir}/tiles/${name}-${width}-${part}.png`,
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(tile, height - y) },
          });
        }
      }
    }
    await captureStates(page, width);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`Screenshots saved in ${outDir}/`);
