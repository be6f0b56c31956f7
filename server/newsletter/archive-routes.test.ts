import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { company } from '../../common/company.ts';
import type { CampaignStatus } from '../../common/inbox-api/campaign-endpoints.ts';
import { newsletterArchiveCopy } from '../../common/newsletter-archive.ts';
import { FAKE_STYLESHEET } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

interface Seed {
  subject: string;
  slug: string | null;
  status?: CampaignStatus;
  publish?: boolean;
  preheader?: string;
  body?: string;
  finishedAt?: string | null;
}

/** A campaign as the sending leaves it (the sender is not here yet): straight into the table. */
async function seedCampaign(app: App, seed: Seed) {
  const status = seed.status ?? 'sent';
  const finishedAt = seed.finishedAt === undefined ? '2026-11-20T06:00:00.000Z' : seed.finishedAt;
  await tablesOf<NewsletterTables>(app.storage.db)
    .insertInto('campaigns')
    .values({
      subject: seed.subject,
      preheader: seed.preheader ?? `About ${seed.subject}`,
      body_markdown: seed.body ?? `# ${seed.subject}\n\nHello **readers**.`,
      status,
      publish_in_archive: seed.publish === false ? 0 : 1,
      slug: seed.slug,
      created_by: 'priya@acme.test',
      created_at: '2026-11-01T06:00:00.000Z',
      updated_at: '2026-11-01T06:00:00.000Z',
      version: 3,
      started_at: status === 'draft' ? null : '2026-11-20T05:00:00.000Z',
      finished_at: status === 'sent' ? finishedAt : null,
    })
    .execute();
}

const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The text of the page's links into the archive, in order. */
const archiveLinks = (html: string) =>
  [...html.matchAll(/<a href="\/newsletter\/archive\/([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((match) => [
    match[1],
    match[2],
  ]);

describe('GET /newsletter/archive', () => {
  it('lists only the sent, published campaigns, newest first, with their date and summary', async () => {
    const { app } = await testApp();
    await seedCampaign(app, {
      subject: 'October notes',
      slug: 'october-notes-1',
      finishedAt: '2026-10-05T06:00:00Z',
    });
    // 20:00 UTC on the 25th is already the 26th in Ludhiana (ADMIN_TIME_ZONE, Asia/Kolkata by default).
    await seedCampaign(app, {
      subject: 'November notes',
      slug: 'november-notes-2',
      preheader: 'Three things we learnt this month',
      finishedAt: '2026-11-25T20:00:00Z',
    });
    await seedCampaign(app, { subject: 'Kept private', slug: 'kept-private-3', publish: false });
    await seedCampaign(app, { subject: 'Still sending', slug: 'still-sending-4', status: 'sending' });
    await seedCampaign(app, { subject: 'Paused one', slug: 'paused-one-5', status: 'paused' });
    await seedCampaign(app, { subject: 'Cancelled one', slug: 'cancelled-one-6', status: 'cancelled' });
    await seedCampaign(app, { subject: 'A draft', slug: null, status: 'draft' });

    const response = await get(app, '/newsletter/archive');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(archiveLinks(response.body)).toEqual([
      ['november-notes-2', 'November notes'],
      ['october-notes-1', 'October notes'],
    ]);
    expect(response.body).toContain('<time dateTime="2026-11-26">26 November 2026</time>');
    expect(response.body).toContain('<time dateTime="2026-10-05">5 October 2026</time>');
    expect(response.body).toContain('Three things we learnt this month');
    expect(response.body).not.toMatch(/Kept private|Still sending|Paused one|Cancelled one|A draft/);
  });

  it('is a page for search engines: canonical URL, title, description, no noindex', async () => {
    const { app } = await testApp();
    const { body } = await get(app, '/newsletter/archive');
    expect(body).toContain('<link rel="canonical" href="https://www.acme.test/newsletter/archive"/>');
    expect(body).toContain(`<title>Newsletter archive | ${company.name}</title>`);
    expect(body).toContain(`<meta name="description" content="${newsletterArchiveCopy.index.lead}"/>`);
    expect(body).not.toContain('noindex');
    expect(body).toContain('<meta property="og:image" content="https://www.acme.test/og-image.jpg"/>');
    expect(body).toContain('<meta property="og:type" content="website"/>');
  });

  it('says so when nothing is published yet, and invites the visitor to subscribe', async () => {
    const { app } = await testApp();
    await seedCampaign(app, { subject: 'A draft', slug: null, status: 'draft' });
    const { body } = await get(app, '/newsletter/archive');
    expect(body).toContain(newsletterArchiveCopy.index.empty);
    expect(body).not.toContain('<ol');
    expect(body).toContain(newsletterArchiveCopy.signup.heading);
    expect(body).toMatch(/<form aria-label="Newsletter"[^>]* action="\/api\/newsletter" method="post">/);
  });

  it('is revalidated on every visit, answers 304 while unchanged, and changes when a campaign is sent', async () => {
    const { app } = await testApp();
    const first = await get(app, '/newsletter/archive');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await get(app, '/newsletter/archive', { 'if-none-match': etag })).statusCode).toBe(304);

    await seedCampaign(app, { subject: 'Fresh news', slug: 'fresh-news-1' });
    const after = await get(app, '/newsletter/archive', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Fresh news');
  });

  it('keeps the security headers, no script, and goes compressed to a browser that takes Brotli', async () => {
    const { app } = await testApp();
    await seedCampaign(app, { subject: 'Compressed', slug: 'compressed-1' });
    const response = await get(app, '/newsletter/archive', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/script-src|unsafe/);
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html).toContain(`<link rel="stylesheet" href="${FAKE_STYLESHEET}"/>`);
    expect(html).toContain('Compressed');
    expect(html).not.toContain('<script');
  });
});

describe('GET /newsletter/archive/<slug>', () => {
  it('shows the campaign in the site layout: its subject, date and body from the one renderer', async () => {
    const { app } = await testApp();
    await seedCampaign(app, {
      subject: 'November notes',
      slug: 'november-notes-2',
      preheader: 'Three things we learnt',
      body: '# November\n\nHello **readers**, see [our work](https://www.acme.test/services).\n\n## Next\n\n<script>alert(1)</script>',
      finishedAt: '2026-11-25T20:00:00Z',
    });
    const response = await get(app, '/newsletter/archive/november-notes-2');
    expect(response.statusCode).toBe(200);
    const { body } = response;
    expect(body).toContain('<h1 class="mt-2 text-3xl font-bold tracking-tight text-ink">November notes</h1>');
    expect(body).toContain('Sent on <time dateTime="2026-11-26">26 November 2026</time>');
    // The body's own headings sit under the page's h1.
    expect(body).toContain('<h2>November</h2>');
    expect(body).toContain('<h3>Next</h3>');
    expect(body).toContain('Hello <strong>readers</strong>');
    expect(body).toContain(
      '<a target="_blank" rel="noopener" href="https://www.acme.test/services">our work</a>',
    );
    expect(body).not.toContain('alert(1)');
    expect(body).toContain(
      '<link rel="canonical" href="https://www.acme.test/newsletter/archive/november-notes-2"/>',
    );
    expect(body).toContain(`<title>November notes | ${company.name}</title>`);
    expect(body).toContain('<meta name="description" content="Three things we learnt"/>');
    expect(body).toContain('<meta property="og:type" content="article"/>');
    expect(body).toContain(
      `<a href="/newsletter/archive" class="font-semibold text-brand-700 underline">All newsletters</a>`,
    );
    expect(body).toContain('aria-label="Newsletter"');
    expect(response.headers['cache-control']).toBe('no-cache');
    // Images by https address, as in the email; still no script.
    expect(String(response.headers['content-security-policy'])).toContain("img-src 'self' https:;");
    expect(String(response.headers['content-security-policy'])).not.toContain('script-src');
  });

  it('escapes the subject and preview text wherever they appear', async () => {
    const { app } = await testApp();
    await seedCampaign(app, {
      subject: 'Tips & <script>alert("x")</script>',
      preheader: '"Quoted" <b>preview</b>',
      slug: 'tips-1',
    });
    for (const url of ['/newsletter/archive/tips-1', '/newsletter/archive']) {
      const { body } = await get(app, url);
      expect(body).not.toContain('<script>alert');
      expect(body).not.toContain('<b>preview</b>');
      expect(body).toContain('Tips &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    }
    const { body } = await get(app, '/newsletter/archive/tips-1');
    expect(body).toContain(
      '<meta name="description" content="&quot;Quoted&quot; &lt;b&gt;preview&lt;/b&gt;"/>',
    );
  });

  it('carries no unsubscribe link or token: the web version is nobody’s own', async () => {
    const { app } = await testApp();
    await seedCampaign(app, { subject: 'Public', slug: 'public-1' });
    for (const url of ['/newsletter/archive/public-1', '/newsletter/archive']) {
      const { body } = await get(app, url);
      expect(body).not.toMatch(/\/newsletter\/unsubscribe|token|View it in your browser/i);
    }
  });

  it('is the site’s 404 page for an unknown slug, a draft, an unpublished, unsent or cancelled campaign', async () => {
    const { app } = await testApp();
    await seedCampaign(app, { subject: 'Private', slug: 'private-1', publish: false });
    await seedCampaign(app, { subject: 'Sending', slug: 'sending-2', status: 'sending' });
    await seedCampaign(app, { subject: 'Paused', slug: 'paused-3', status: 'paused' });
    await seedCampaign(app, { subject: 'Cancelled', slug: 'cancelled-4', status: 'cancelled' });
    await seedCampaign(app, { subject: 'Scheduled', slug: 'scheduled-5', status: 'scheduled' });
    for (const slug of [
      'private-1',
      'sending-2',
      'paused-3',
      'cancelled-4',
      'scheduled-5',
      'no-such-one',
      'x'.repeat(300),
    ]) {
      const response = await get(app, `/newsletter/archive/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      // The fake build's not-found page (server/test/fake-site.ts), as every unknown address gets.
      expect(response.body).toContain('Not found');
      expect(response.body).not.toMatch(/Private|Sending|Paused|Cancelled|Scheduled/);
    }
  });
});
