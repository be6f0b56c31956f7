import { describe, expect, it } from 'vitest';
import { footerContent } from '../../app/content/footer.ts';
import { newsletterConsent, newsletterEmailField, newsletterMessages } from '../../common/newsletter.ts';
import { fetchHeaders, navigationHeaders } from '../test/form-request.ts';
import { sameOnEveryDatabase } from '../test/database-kind.ts';
import { capturingMailer, linkTo, pressButton, signUp } from '../test/newsletter-client.ts';
import { FAKE_STYLESHEET } from '../test/temp-dir.ts';
import { HOUR_MS, manualClock } from '../test/manual-clock.ts';
import { testApp } from '../test/test-app.ts';
import { storedText } from '../test/stored-text.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

const subscribers = (app: App) =>
  tablesOf<NewsletterTables>(app.storage.db).selectFrom('subscribers').selectAll().orderBy('id').execute();
const confirmations = (app: App) =>
  tablesOf<OutboxTables>(app.storage.db)
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'confirmation')
    .orderBy('id')
    .execute();

describe('POST /api/newsletter', () => {
  it('stores a pending subscriber with its page and consent, and queues one confirmation email', async () => {
    const { app } = await testApp();
    const response = await signUp(app, '  Priya.Sharma@Company.IN ', {
      headers: { ...fetchHeaders, referer: 'http://localhost/services' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(newsletterMessages.accepted);
    const [subscriber, ...others] = await subscribers(app);
    expect(others).toEqual([]);
    expect(subscriber).toMatchObject({
      email: 'priya.sharma@company.in',
      status: 'pending',
      confirmed_at: null,
      unsubscribed_at: null,
      source_page: '/services',
      consent_version: newsletterConsent.version,
      consent_text: newsletterConsent.text,
    });
    const rows = await confirmations(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      owner_type: 'subscriber',
      owner_id: subscriber!.id,
      recipient: 'priya.sharma@company.in',
      status: 'pending',
    });
    expect(rows[0]!.message_id).toMatch(/^<newsletter-confirm\.[0-9a-f]{32}@acme\.test>$/);
  });

  it('answers a native post (JavaScript off) with 303 to the check-your-inbox page', async () => {
    const { app } = await testApp();
    const response = await signUp(app, 'ravi@shop.in', { headers: navigationHeaders });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/newsletter/check-your-inbox');
    expect((await subscribers(app))[0]).toMatchObject({ email: 'ravi@shop.in', source_page: '/' });
  });

  it('gives byte-identical replies for a new, a pending, a confirmed and an unsubscribed address', async () => {
    const { mailer, sent } = capturingMailer();
    const { app } = await testApp({ mailer });
    // A confirmed address and an unsubscribed one, the way visitors get there.
    for (const email of ['confirmed@shop.in', 'left@shop.in']) {
      await signUp(app, email);
      await app.outboxWorker.runOnce();
      const mail = sent.find((each) => each.to.includes(email))!;
      expect((await pressButton(app, linkTo(mail.text, '/newsletter/confirm'))).statusCode).toBe(303);
    }
    const left = sent.find((each) => each.to.includes('left@shop.in'))!;
    expect((await pressButton(app, linkTo(left.text, '/newsletter/unsubscribe'))).statusCode).toBe(303);
    await signUp(app, 'pending@shop.in');
    expect((await subscribers(app)).map((row) => [row.email, row.status])).toEqual([
      ['confirmed@shop.in', 'confirmed'],
      ['left@shop.in', 'unsubscribed'],
      ['pending@shop.in', 'pending'],
    ]);

    for (const headers of [fetchHeaders, navigationHeaders]) {
      const replies = [];
      for (const email of ['new@shop.in', 'PENDING@shop.in', 'confirmed@shop.in', 'left@shop.in']) {
        const response = await signUp(app, email, { headers });
        replies.push({
          status: response.statusCode,
          body: response.rawPayload.toString('hex'),
          type: response.headers['content-type'],
          location: response.headers.location,
          length: response.headers['content-length'],
        });
      }
      for (const reply of replies.slice(1)) expect(reply).toEqual(replies[0]);
    }
  });

  it('sends a confirmed address no new confirmation email', async () => {
    const { mailer, sent } = capturingMailer();
    const { app } = await testApp({ mailer });
    await signUp(app, 'priya@company.in');
    await app.outboxWorker.runOnce();
    await pressButton(app, linkTo(sent[0]!.text, '/newsletter/confirm'));
    const before = await subscribers(app);

    expect((await signUp(app, 'priya@company.in')).body).toBe(newsletterMessages.accepted);
    await app.outboxWorker.runOnce();
    expect(sent).toHaveLength(1);
    expect(await confirmations(app)).toHaveLength(1);
    const [after] = await subscribers(app);
    // Nothing of the confirmed record changes but the time of the latest sign-up.
    expect({ ...after, last_signup_at: '' }).toEqual({ ...before[0], last_signup_at: '' });
  });

  it('accepts an address of exactly 254 characters', async () => {
    const { app } = await testApp();
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in`;
    expect(email).toHaveLength(254);
    expect((await signUp(app, email)).statusCode).toBe(200);
  });
});

// Refused before anything is stored: the same on every database (decision 072).
sameOnEveryDatabase('refused sign-ups', () => {
  it.each([
    ['no address', ''],
    ['an address without a domain', 'priya@'],
    ['two addresses', 'a@b.in, c@d.in'],
    ['a header injection', 'priya@company.in\r\nBcc: victim@example.org'],
    ['a direction control', 'priya\u202e@company.in'],
    ['a zero-width space', 'priya\u200b@company.in'],
    ['zero-width characters only', '\u200b\u2060'],
    ['255 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.in`],
  ])('400 for %s, with the message the footer shows, and nothing stored', async (_label, email) => {
    const { app } = await testApp();
    const response = await signUp(app, email);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body.trim()).toBe(newsletterMessages.invalidEmail);
    expect(await subscribers(app)).toEqual([]);
    expect(await confirmations(app)).toEqual([]);
  });

  it('shows a native post a page with the error and the form again, the address escaped', async () => {
    const { app } = await testApp();
    const response = await signUp(app, '"><script>alert(1)</script>', { headers: navigationHeaders });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain(
      '<h1 class="mt-2 text-3xl font-bold tracking-tight text-ink">You are not subscribed yet</h1>',
    );
    expect(html).toContain(newsletterMessages.invalidEmail);
    expect(html).toContain('action="/api/newsletter"');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(newsletterConsent.text);
    expect(html).toContain('href="/privacypolicy#newsletter"');
    expect(html).toContain(`href="${FAKE_STYLESHEET}"`);
    expect(html).not.toContain('<script>');
  });

  it("shows the footer's own form on that page: the honeypot, the notice and the footer's button", async () => {
    const { app } = await testApp();
    const html = (await signUp(app, 'not-an-address', { headers: navigationHeaders })).body;
    const forms = html.match(/<form [\s\S]*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(1);
    const [form = ''] = forms;
    expect(form).toContain(`>${newsletterEmailField.label}</label>`);
    expect(form).toMatch(/<input [^>]*type="email"[^>]*name="email" value="not-an-address"/);
    expect(form).toMatch(/<input [^>]*tabindex="-1"[^>]*name="website" value=""/);
    expect(form).toContain(newsletterConsent.text);
    expect(form).toMatch(
      new RegExp(`<button type="submit" [^>]*>${footerContent.newsletter.button}</button>`),
    );
  });

  it('refuses a post from another site (403) before reading it', async () => {
    const { app } = await testApp();
    for (const headers of [
      { ...fetchHeaders, origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', accept: 'text/plain' },
    ]) {
      const response = await signUp(app, 'victim@company.in', { headers });
      expect(response.statusCode).toBe(403);
      expect(response.body.trim()).toBe('You can only subscribe with the form on our own website.');
    }
    expect(await subscribers(app)).toEqual([]);
  });

  it('accepts its own site by SITE_URL behind a proxy', async () => {
    const { app } = await testApp();
    const response = await signUp(app, 'priya@company.in', {
      headers: { ...fetchHeaders, origin: 'https://www.acme.test' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses JSON (415) and a body far larger than an address (413)', async () => {
    const { app } = await testApp();
    const json = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: JSON.stringify({ email: 'priya@company.in' }),
      headers: { 'content-type': 'application/json', accept: 'text/plain' },
    });
    expect(json.statusCode).toBe(415);
    const large = await signUp(app, 'priya@company.in', { fields: { padding: 'x'.repeat(20_000) } });
    expect(large.statusCode).toBe(413);
    // Within the body limit, but a field over twice the longest address: refused before it is checked.
    const longField = await signUp(app, `${'a'.repeat(600)}@company.in`);
    expect(longField.statusCode).toBe(413);
    expect(longField.body.trim()).toBe(
      'The sign-up was too large to read. Please send just your email address.',
    );
    expect(await subscribers(app)).toEqual([]);
  });

  it('gives a honeypot hit the same reply as a sign-up, and keeps and sends nothing', async () => {
    const { app } = await testApp();
    for (const headers of [fetchHeaders, navigationHeaders]) {
      const real = await signUp(app, 'real@shop.in', { headers });
      const bot = await signUp(app, 'bot@spam.example', {
        headers,
        fields: { website: 'https://spam.example' },
      });
      expect(bot.statusCode).toBe(real.statusCode);
      expect(bot.body).toBe(real.body);
      expect(bot.headers.location).toBe(real.headers.location);
    }
    expect((await subscribers(app)).map((row) => row.email)).toEqual(['real@shop.in']);
    expect((await confirmations(app)).map((row) => row.recipient)).toEqual(['real@shop.in', 'real@shop.in']);
  });
});

// Per client address: counted in memory, the same on every database (decision 072).
sameOnEveryDatabase('limits per client address', () => {
  it('limits sign-ups per client address: 429 with Retry-After and a message the footer can show', async () => {
    const { app } = await testApp({
      env: { NEWSLETTER_RATE_LIMIT_MAX: '2', NEWSLETTER_RATE_LIMIT_WINDOW_MS: '600000' },
    });
    const from = (remoteAddress: string, index: number) =>
      signUp(app, `visitor${index}@shop.in`, { remoteAddress });
    expect((await from('198.51.100.7', 1)).statusCode).toBe(200);
    expect((await from('198.51.100.7', 2)).statusCode).toBe(200);
    const refused = await from('198.51.100.7', 3);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.body.trim()).toBe(
      'Too many sign-ups were sent from your network. Please try again in 10 minutes.',
    );
    // Another visitor is not affected, and the quote form has its own limit.
    expect((await from('198.51.100.8', 4)).statusCode).toBe(200);
    expect((await subscribers(app)).map((row) => row.email)).not.toContain('visitor3@shop.in');

    const page = await signUp(app, 'visitor5@shop.in', {
      remoteAddress: '198.51.100.7',
      headers: navigationHeaders,
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('value="visitor5@shop.in"');
  });

  it('counts each visitor behind a trusted proxy, and ignores X-Forwarded-For otherwise', async () => {
    const limited = { NEWSLETTER_RATE_LIMIT_MAX: '1' };
    const behindProxy = (await testApp({ env: { ...limited, TRUST_PROXY: '127.0.0.1' } })).app;
    const direct = (await testApp({ env: limited })).app;
    const via = (app: App, client: string, index: number) =>
      signUp(app, `v${index}@shop.in`, {
        remoteAddress: '127.0.0.1',
        headers: { ...fetchHeaders, 'x-forwarded-for': client },
      });
    expect((await via(behindProxy, '203.0.113.1', 1)).statusCode).toBe(200);
    expect((await via(behindProxy, '203.0.113.2', 2)).statusCode).toBe(200);
    expect((await via(behindProxy, '203.0.113.1', 3)).statusCode).toBe(429);
    expect((await via(direct, '203.0.113.1', 4)).statusCode).toBe(200);
    expect((await via(direct, '203.0.113.2', 5)).statusCode).toBe(429);
  });
});

describe('limits per address, counted in the database', () => {
  it('sends one address at most 3 confirmation emails a day, with the same reply every time', async () => {
    const clock = manualClock();
    const { mailer, sent } = capturingMailer();
    const { app } = await testApp({ mailer, now: clock.now });
    const replies = new Set<string>();
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await signUp(app, attempt % 2 ? 'Target@Inbox.in' : 'target@inbox.in');
      replies.add(`${response.statusCode} ${response.body}`);
      clock.advance(HOUR_MS);
    }
    await app.outboxWorker.runOnce();
    expect([...replies]).toEqual([`200 ${newsletterMessages.accepted}`]);
    expect(sent.map((mail) => mail.to)).toEqual([
      ['target@inbox.in'],
      ['target@inbox.in'],
      ['target@inbox.in'],
    ]);
    expect(await confirmations(app)).toHaveLength(3);
    const [subscriber] = await subscribers(app);
    expect(subscriber!.last_signup_at).toBe(new Date(clock.now().getTime() - HOUR_MS).toISOString());

    // 24 hours after the first email, one more may go.
    clock.advance(18 * HOUR_MS + 1000);
    await signUp(app, 'target@inbox.in');
    await signUp(app, 'target@inbox.in');
    expect(await confirmations(app)).toHaveLength(4);
    // Other addresses were never affected.
    await signUp(app, 'other@inbox.in');
    expect(await confirmations(app)).toHaveLength(5);
  });

  it('applies NEWSLETTER_CONFIRMATIONS_PER_DAY', async () => {
    const { app } = await testApp({ env: { NEWSLETTER_CONFIRMATIONS_PER_DAY: '1' } });
    await signUp(app, 'once@inbox.in');
    await signUp(app, 'once@inbox.in');
    expect(await confirmations(app)).toHaveLength(1);
  });
});

describe('privacy', () => {
  it('keeps no IP address: not in the database, not in the logs', async () => {
    const lines: string[] = [];
    const { mailer, sent } = capturingMailer();
    const { app } = await testApp({
      mailer,
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
    });
    const clients = ['203.0.113.77', '2001:db8::7a7a'];
    for (const [index, client] of clients.entries()) {
      await signUp(app, `private${index}@shop.in`, {
        remoteAddress: '198.51.100.99',
        headers: { ...fetchHeaders, 'x-forwarded-for': client },
      });
    }
    await signUp(app, 'bad-address', { headers: { ...fetchHeaders, 'x-forwarded-for': clients[0]! } });
    await app.outboxWorker.runOnce();
    await pressButton(app, linkTo(sent[0]!.text, '/newsletter/confirm'), { 'x-forwarded-for': clients[0]! });
    await pressButton(app, linkTo(sent[1]!.text, '/newsletter/unsubscribe'), {
      'x-forwarded-for': clients[1]!,
    });
    const stored = await storedText(app.storage);
    const logs = lines.join('');
    expect(logs).toContain('newsletter sign-up');
    for (const address of [...clients, '198.51.100.99']) {
      expect(stored).not.toContain(address);
      expect(logs).not.toContain(address);
    }
  });
});
