import { describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { rawHeader } from '../test/smtp-sink.ts';
import { testApp, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** An app sending to a real SMTP sink, with a signed-in staff member. */
async function campaignsApp() {
  const sink = await testSmtpSink();
  const { app, config } = await testApp({ env: { SMTP_URL: sink.url } });
  const staff = await staffMember(app, config, 'Priya@Acme.test');
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });
  return { app, config, sink, staff, call };
}

const draft = {
  subject: 'November news',
  preheader: 'Three things we shipped',
  bodyMarkdown: '# What is new\n\nRead [our blog](https://www.acme.test/blog).',
};

describe('campaigns in the inbox', () => {
  it('serves the saved email as a document for a sandboxed frame, with a policy of its own', async () => {
    const { call } = await campaignsApp();
    const { id } = (await call('POST', '/campaigns', draft)).json();
    const page = await call('GET', `/campaigns/${id}/preview.html?v=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    // Its inline styles apply (the inbox's own policy would block them), and nothing in it can run.
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain('sandbox');
    expect(policy).not.toContain('script-src');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.body).toContain('What is new');
    expect(page.body).toContain('href="https://www.acme.test/blog"');
    expect((await call('GET', '/campaigns/999/preview.html')).statusCode).toBe(404);
  });

  it('creates a draft, autosaves it with its version, and refuses an edit from a stale version', async () => {
    const { call } = await campaignsApp();
    const created = await call('POST', '/campaigns', draft);
    expect(created.statusCode).toBe(200);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      ...draft,
      status: 'draft',
      version: 1,
      publishInArchive: true,
      slug: null,
    });
    expect(campaign.createdBy).toBe('priya@acme.test');

    const first = await call('POST', `/campaigns/${campaign.id}`, {
      ...draft,
      subject: 'Nov news',
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ subject: 'Nov news', version: 2 });
    const second = await call('POST', `/campaigns/${campaign.id}`, {
      ...draft,
      bodyMarkdown: 'Shorter.',
      publishInArchive: false,
      version: 2,
    });
    expect(second.json()).toMatchObject({ subject: draft.subject, bodyMarkdown: 'Shorter.', version: 3 });
    expect(second.json().publishInArchive).toBe(false);

    // A second tab still on version 2: refused, and the saved text is kept.
    const stale = await call('POST', `/campaigns/${campaign.id}`, {
      ...draft,
      subject: 'Old tab',
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'stale-version' });
    expect(stale.json().message).toContain('saved elsewhere');
    expect((await call('GET', `/campaigns/${campaign.id}`)).json()).toMatchObject({
      bodyMarkdown: 'Shorter.',
      version: 3,
    });

    const list = (await call('GET', '/campaigns')).json().campaigns;
    expect(list).toEqual([
      expect.objectContaining({ id: campaign.id, status: 'draft', recipients: 0, sent: 0 }),
    ]);
    expect((await call('GET', '/campaigns/999')).statusCode).toBe(404);
    expect((await call('POST', '/campaigns/999', { ...draft, version: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/campaigns', { ...draft, subject: ' ' })).json().fields).toEqual({
      subject: 'Write a subject.',
    });
  });

  it('refuses to edit a campaign that is being sent or was sent', async () => {
    const { call, config } = await campaignsApp();
    const { id } = (await call('POST', '/campaigns', draft)).json();
    const stores = await openStores(config);
    try {
      await tablesOf<NewsletterTables>(stores.storage.db)
        .updateTable('campaigns')
        .set({ status: 'sending' })
        .execute();
    } finally {
      await stores.close();
    }
    const refused = await call('POST', `/campaigns/${id}`, { ...draft, subject: 'Too late', version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'not-editable' });
    expect(refused.json().message).toContain('This campaign is sending');
    expect((await call('GET', `/campaigns/${id}`)).json().subject).toBe(draft.subject);
  });

  it('previews what is on the page, sanitised, as HTML and text', async () => {
    const { call } = await campaignsApp();
    const preview = await call('POST', '/campaigns/preview', {
      ...draft,
      bodyMarkdown:
        'Hi <script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"> [x](javascript:alert(3))',
    });
    expect(preview.statusCode).toBe(200);
    const { html, text, subject } = preview.json();
    expect(subject).toBe(draft.subject);
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toMatch(/<img [^>]*src="https:\/\/x.test\/a.png"/);
    expect(html).toContain('Three things we shipped');
    expect(text).toContain('Hi');
    expect(text).not.toContain('alert');
  });

  it("sends one test email to the staff member's own address, logged with who", async () => {
    const { app, call, sink } = await campaignsApp();
    const { id } = (await call('POST', '/campaigns', draft)).json();
    const sent = await call('POST', `/campaigns/${id}/test`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ to: 'priya@acme.test' });
    await app.outboxWorker.runOnce();

    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.to).toMatchObject({ text: 'priya@acme.test' });
    expect(mail!.subject).toBe('[Test] November news');
    expect(mail!.html).toContain('<h1');
    expect(mail!.html).toContain('href="https://www.acme.test/blog"');
    expect(mail!.text).toContain('our blog [https://www.acme.test/blog]');
    expect(rawHeader(mail!, 'List-Unsubscribe')).toBe('<https://www.acme.test/newsletter/unsubscribe>');

    const log = (await call('GET', '/activity')).json().entries;
    expect(log.filter((entry: { action: string }) => entry.action.startsWith('campaign'))).toEqual([
      expect.objectContaining({ action: 'campaign-test-sent', by: 'priya@acme.test' }),
      expect.objectContaining({ action: 'campaign-created', by: 'priya@acme.test' }),
    ]);
    expect((await call('POST', '/campaigns/999/test', {})).statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 to another site', async () => {
    const { app, config, staff } = await campaignsApp();
    expect((await api(app, config, 'GET', '/campaigns')).statusCode).toBe(401);
    expect((await api(app, config, 'POST', '/campaigns', { body: draft })).statusCode).toBe(401);
    const crossSite = await api(app, config, 'POST', '/campaigns', {
      cookie: staff.cookie,
      body: draft,
      headers: { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await api(app, config, 'GET', '/campaigns', { cookie: staff.cookie })).json().campaigns).toEqual(
      [],
    );
  });
});
