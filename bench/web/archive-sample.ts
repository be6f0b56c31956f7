import { openSqlite } from '../../server/db/sqlite-open.ts';
import { NEWSLETTER_ARCHIVE_PATH } from '../../common/newsletter-archive.ts';

/** A newsletter as staff write one: headings, a list, a quote, links; no image (the bench has no network). */
const SAMPLE = {
  subject: 'November notes: faster pages, clearer forms',
  preheader: 'Three changes that made our clients’ sites quicker to use, and what they cost.',
  slug: 'november-notes-faster-pages-clearer-forms-1',
  bodyMarkdown: `# Faster pages, clearer forms

This month we looked at what slows visitors down on the sites we build, and fixed three things.

## 1. Less script

A page that needs no JavaScript should send none. Our service pages now ship **no framework at all**,
and the home page only what its quote form needs.

## 2. Forms that explain themselves

- every field says what it wants before you type;
- an error appears under its field, in words;
- the form works without JavaScript too.

> "We got more quote requests the week after the change than in the month before."

## 3. Measure, then change

We run [Lighthouse](https://developer.chrome.com/docs/lighthouse/overview) on every page before each
release. Questions? Write to us at [hello@example.com](mailto:hello@example.com).
`,
};

/** The archive's two kinds of page, as bench:web measures them. */
export const ARCHIVE_ROUTES = [
  { route: NEWSLETTER_ARCHIVE_PATH, path: NEWSLETTER_ARCHIVE_PATH },
  { route: `${NEWSLETTER_ARCHIVE_PATH}/<slug>`, path: `${NEWSLETTER_ARCHIVE_PATH}/${SAMPLE.slug}` },
] as const;

/**
 * Writes one sent, published campaign into the running server's SQLite database, as the sending leaves
 * it, so that the archive's pages have something to show (once: seeding again changes nothing).
 */
export function seedArchiveSample(databasePath: string): void {
  const db = openSqlite(databasePath, { timeout: 10_000, fileMustExist: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into campaigns (subject, preheader, body_markdown, status, publish_in_archive, slug, created_by,
         created_at, updated_at, version, started_at, finished_at)
       values (?, ?, ?, 'sent', 1, ?, 'bench@example.com', ?, ?, 1, ?, ?)
       on conflict (slug) do nothing`,
    ).run(SAMPLE.subject, SAMPLE.preheader, SAMPLE.bodyMarkdown, SAMPLE.slug, at, at, at, at);
  } finally {
    db.close();
  }
}
