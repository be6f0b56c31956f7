import { describe, expect, it } from 'vitest';
import { fetchHeaders, navigationHeaders } from '../test/form-request.ts';
import {
  capturingMailer,
  linkTo,
  listUnsubscribeLink,
  oneClickUnsubscribe,
  pressButton,
  signUp,
} from '../test/newsletter-client.ts';
import { HOUR_MS, manualClock } from '../test/manual-clock.ts';
import { parseRawAnswer, rawRequestText, sendRaw } from '../test/raw-socket.ts';
import { testApp } from '../test/test-app.ts';
import { hashToken } from '../security/tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

const subscriber = (app: App, email: string) =>
  tablesOf<NewsletterTables>(app.storage.db)
    .selectFrom('subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
const outbox = (app: App) =>
  tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').selectAll().orderBy('id').execute();

/** An app with a clock and a mailer that keeps what it sends; `mailTo` signs up and returns the email. */
async function newsletterApp(env: Record<string, string> = {}) {
  const clock = manualClock();
  const { mailer, sent } = capturingMailer();
  const lines: string[] = [];
  const { app } = await testApp({
    mailer,
    now: clock.now,
    env: { LOG_LEVEL: 'info', ...env },
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  async function mailTo(email: string) {
    expect((await signUp(app, email)).statusCode).toBe(200);
    await app.outboxWorker.runOnce();
    const mail = sent.at(-1);
    if (!mail?.to.includes(email.toLowerCase())) throw new Error(`no email to ${email}`);
    return {
      mail,
      confirm: linkTo(mail.text, '/newsletter/confirm'),
      unsubscribe: listUnsubscribeLink(mail.headers?.['List-Unsubscribe']),
    };
  }
  return { app, clock, sent, lines, mailTo };
}

describe('confirming', () => {
  it('confirms with the POST of the Confirm button, once: the link can never be used again', async () => {
    const { app, clock, mailTo } = await newsletterApp();
    const { confirm } = await mailTo('priya@company.in');
    clock.advance(HOUR_MS);

    const first = await pressButton(app, confirm);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/newsletter/confirmed');
    expect(await subscriber(app, 'priya@company.in')).toMatchObject({
      status: 'confirmed',
      confirmed_at: clock.now().toISOString(),
    });

    for (const headers of [navigationHeaders, fetchHeaders]) {
      const again = await pressButton(app, confirm, headers);
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('This confirmation link has expired or was already used');
    }
    const page = await pressButton(app, confirm);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('action="/api/newsletter"'); // a way to subscribe again
  });

  it('does not confirm on a GET of the link (mail scanners follow links): it shows the page', async () => {
    const { app, mailTo } = await newsletterApp();
    const { confirm } = await mailTo('priya@company.in');
    for (let visit = 0; visit < 3; visit++) {
      const response = await app.inject({ method: 'GET', url: confirm, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('/newsletter/confirm');
      const head = await app.inject({ method: 'HEAD', url: confirm });
      expect(head.statusCode).toBe(200);
    }
    expect((await subscriber(app, 'priya@company.in')).status).toBe('pending');
    expect((await pressButton(app, confirm)).statusCode).toBe(303); // still works afterwards
  });

  it('expires a link 48 hours after its email was sent', async () => {
    const { app, clock, mailTo } = await newsletterApp();
    const early = await mailTo('early@company.in');
    const late = await mailTo('late@company.in');

    clock.advance(48 * HOUR_MS - 1000);
    expect((await pressButton(app, early.confirm)).statusCode).toBe(303);
    clock.advance(2000);
    const expired = await pressButton(app, late.confirm);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('works once, for 48 hours');
    expect((await subscriber(app, 'late@company.in')).status).toBe('pending');

    // Signing up again sends a new link, which works.
    const renewed = await mailTo('late@company.in');
    expect((await pressButton(app, renewed.confirm)).statusCode).toBe(303);
    expect((await subscriber(app, 'late@company.in')).status).toBe('confirmed');
  });

  it('lets each of several confirmation emails confirm, and withdraws the others once one is used', async () => {
    const { app, mailTo } = await newsletterApp();
    const first = await mailTo('priya@company.in');
    const second = await mailTo('priya@company.in');
    expect(first.confirm).not.toBe(second.confirm);
    expect((await pressButton(app, first.confirm)).statusCode).toBe(303);
    expect((await pressButton(app, second.confirm)).statusCode).toBe(410);
  });

  it('refuses a link that is not one (400), and another site posting to it (403)', async () => {
    const { app, mailTo } = await newsletterApp();
    const { confirm } = await mailTo('priya@company.in');
    const token = new URL(confirm, 'http://localhost').searchParams.get('token')!;
    for (const url of [
      '/newsletter/confirm',
      '/newsletter/confirm?token=',
      `/newsletter/confirm?token=${token.slice(0, -1)}`,
      `/newsletter/confirm?token=${'B'.repeat(43)}`,
      `/newsletter/confirm?token=${token}&token=${token}`,
      `/newsletter/confirm?token=${token}'%20OR%201=1`,
    ]) {
      const response = await pressButton(app, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain('This confirmation link is not valid');
    }
    const forged = await pressButton(app, confirm, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await subscriber(app, 'priya@company.in')).status).toBe('pending');
  });

  it('keeps only hashes: no token is in the database or the logs', async () => {
    const { app, lines, mailTo } = await newsletterApp();
    const { confirm, unsubscribe } = await mailTo('priya@company.in');
    await app.inject({ method: 'GET', url: confirm });
    await pressButton(app, confirm);
    await pressButton(app, unsubscribe);

    const tokens = [confirm, unsubscribe].map((url) =>
      new URL(url, 'http://localhost').searchParams.get('token')!,
    );
    const stored = JSON.stringify([
      ...(await tablesOf<NewsletterTables>(app.storage.db)
        .selectFrom('subscriber_tokens')
        .selectAll()
        .execute()),
      ...(await outbox(app)),
      ...(await tablesOf<NewsletterTables>(app.storage.db).selectFrom('subscribers').selectAll().execute()),
    ]);
    const hashes = await tablesOf<NewsletterTables>(app.storage.db)
      .selectFrom('subscriber_tokens')
      .select('token_hash')
      .execute();
    for (const token of tokens) {
      expect(stored).not.toContain(token);
      expect(lines.join('')).not.toContain(token);
      expect(hashes.map((row) => row.token_hash)).toContain(hashToken(token));
    }
    expect(lines.join('')).toContain('/newsletter/confirm?[redacted]');
  });

  it('keeps a token out of the logs however its name is spelt, on every variant of the path', async () => {
    const { app, lines } = await newsletterApp();
    const secret = 'S3cretT0ken'.repeat(4);
    for (const url of [
      `/newsletter/confirm?%74oken=${secret}`,
      `/newsletter/unsubscribe?x=1&%54OKEN=${secret}`,
      `/Newsletter/Unsubscribe/?token=${secret}`,
      `//newsletter//confirm?token=${secret}`,
      `/newsletter/%63onfirm?token=${secret}`,
    ]) {
      await app.inject({ method: 'GET', url });
      await app.inject({ method: 'POST', url, payload: '' });
    }
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('')).not.toContain(secret);
  });

  it('keeps a token out of the logs on a request target in absolute form or with dot segments', async () => {
    const { app, lines, mailTo } = await newsletterApp();
    const { confirm, unsubscribe } = await mailTo('priya@company.in');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const tokenOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('token')!;
    const secrets = [tokenOf(confirm), tokenOf(unsubscribe)];
    const path = (url: string) => url.slice(0, url.indexOf('?'));

    // Absolute form (RFC 9112, request-target): routed like the page itself, so the link works.
    for (const [method, url] of [
      ['GET', unsubscribe],
      ['GET', confirm],
      ['POST', unsubscribe],
    ] as const) {
      const answer = parseRawAnswer(
        await sendRaw(port, rawRequestText(method, `http://www.acme.test${url}`)),
      );
      expect(answer.status, `${method} ${url}`).toBe(200);
    }
    // Dot segments, percent-encoded separators, garbage: refused or not found, but logged all the same.
    const secret = secrets[1]!;
    for (const target of [
      `/newsletter/../newsletter/unsubscribe?token=${secret}`,
      `/newsletter/./unsubscribe?token=${secret}`,
      `/assets/%2e%2e/newsletter/unsubscribe?token=${secret}`,
      `${path(unsubscribe)}%3Ftoken=${secret}`,
      `${path(unsubscribe)};token=${secret}`,
      `${path(unsubscribe)}#?token=${secret}`,
      `HTTP://WWW.ACME.TEST/newsletter/%2E%2E/newsletter/Unsubscribe/?token=${secret}`,
      `www.acme.test/newsletter/unsubscribe?token=${secret}`,
    ]) {
      expect(
        parseRawAnswer(await sendRaw(port, rawRequestText('GET', target))).status,
        target,
      ).toBeGreaterThan(0);
    }
    const log = lines.join('');
    expect(lines.filter((line) => line.includes('request completed')).length).toBeGreaterThanOrEqual(11);
    for (const token of secrets) expect(log).not.toContain(token);
    expect(log).toContain('/newsletter/unsubscribe?[redacted]');
  });
});

describe('unsubscribing', () => {
  it('unsubscribes with a one-click POST (RFC 8058) from a mail provider: 200, no Origin needed', async () => {
    const { app, clock, mailTo } = await newsletterApp();
    for (const [email, multipartBody] of [
      ['form@company.in', false],
      ['multipart@company.in', true],
    ] as const) {
      const { confirm, unsubscribe } = await mailTo(email);
      await pressButton(app, confirm);
      clock.advance(HOUR_MS);
      const response = await oneClickUnsubscribe(app, unsubscribe, multipartBody);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('You are unsubscribed');
      expect(await subscriber(app, email)).toMatchObject({
        status: 'unsubscribed',
        unsubscribed_at: clock.now().toISOString(),
      });
      // Pressing it again changes nothing and still succeeds.
      expect((await oneClickUnsubscribe(app, unsubscribe)).statusCode).toBe(200);
    }
  });

  it('unsubscribes on a one-click POST whatever its body: malformed, of another type, or none', async () => {
    const { app, mailTo } = await newsletterApp();
    for (const [index, [contentType, payload]] of (
      [
        ['multipart/form-data; boundary=x', 'garbage, not multipart'],
        ['multipart/form-data', 'List-Unsubscribe=One-Click'],
        ['application/x-www-form-urlencoded', '%%%=%'],
        ['text/plain', 'List-Unsubscribe=One-Click'],
        ['application/json', '{"List-Unsubscribe":'],
        [undefined, ''],
      ] as const
    ).entries()) {
      const email = `reader${index}@company.in`;
      const { confirm, unsubscribe } = await mailTo(email);
      await pressButton(app, confirm);
      const response = await app.inject({
        method: 'POST',
        url: unsubscribe,
        payload,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      expect(response.statusCode, `${contentType}: ${payload}`).toBe(200);
      expect((await subscriber(app, email)).status, `${contentType}: ${payload}`).toBe('unsubscribed');
    }
  });

  it('unsubscribes with the page button (303 to the unsubscribed page); a GET changes nothing', async () => {
    const { app, mailTo } = await newsletterApp();
    const { confirm, unsubscribe } = await mailTo('priya@company.in');
    await pressButton(app, confirm);
    expect((await app.inject({ method: 'GET', url: unsubscribe })).statusCode).toBe(200);
    expect((await subscriber(app, 'priya@company.in')).status).toBe('confirmed');

    const response = await pressButton(app, unsubscribe);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/newsletter/unsubscribed');
    expect((await subscriber(app, 'priya@company.in')).status).toBe('unsubscribed');
  });

  it('refuses a body over its limit (413) in words about the link, not the sign-up form', async () => {
    const { app, mailTo } = await newsletterApp();
    const { confirm, unsubscribe } = await mailTo('priya@company.in');
    await pressButton(app, confirm);
    for (const headers of [{ accept: 'text/plain' }, navigationHeaders]) {
      const response = await app.inject({
        method: 'POST',
        url: unsubscribe,
        payload: `List-Unsubscribe=One-Click&padding=${'x'.repeat(5_000)}`,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(413);
      expect(response.body).toContain(
        'This request was too large to read, so nothing was changed. Open the link in our email and press the button again.',
      );
      expect(response.body).not.toMatch(/sign-up|email address/);
    }
    expect((await subscriber(app, 'priya@company.in')).status).toBe('confirmed');
  });

  it('takes any body, even none at all: only the token counts', async () => {
    const { app, mailTo } = await newsletterApp();
    const { unsubscribe } = await mailTo('priya@company.in');
    const response = await app.inject({
      method: 'POST',
      url: unsubscribe,
      payload: '{"List-Unsubscribe":"One-Click"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const bare = await app.inject({ method: 'POST', url: unsubscribe });
    expect(bare.statusCode).toBe(200);
  });

  it('refuses a link that is not one with 400, and says how to leave anyway', async () => {
    const { app } = await newsletterApp();
    const response = await oneClickUnsubscribe(app, `/newsletter/unsubscribe?token=${'A'.repeat(43)}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This unsubscribe link is not valid');
    expect(response.body).toContain('hello@example.com');
    expect((await pressButton(app, '/newsletter/unsubscribe?token=nope')).statusCode).toBe(400);
  });

  it("works from a pending subscriber's confirmation email: the address is suppressed, its link withdrawn", async () => {
    const { app, mailTo } = await newsletterApp();
    const { confirm, unsubscribe } = await mailTo('someone-else@company.in');
    expect((await oneClickUnsubscribe(app, unsubscribe)).statusCode).toBe(200);
    expect((await subscriber(app, 'someone-else@company.in')).status).toBe('unsubscribed');
    expect((await pressButton(app, confirm)).statusCode).toBe(410);
    expect((await subscriber(app, 'someone-else@company.in')).status).toBe('unsubscribed');
  });

  it('keeps an unsubscribed address suppressed until it opts in again through a new confirmation', async () => {
    const { app, clock, sent, mailTo } = await newsletterApp({ NEWSLETTER_CONFIRMATIONS_PER_DAY: '10' });
    const first = await mailTo('priya@company.in');
    await pressButton(app, first.confirm);
    await pressButton(app, first.unsubscribe);
    const unsubscribedAt = (await subscriber(app, 'priya@company.in')).unsubscribed_at;

    // A sign-up alone changes nothing: still unsubscribed, only a confirmation email goes out.
    clock.advance(HOUR_MS);
    const second = await mailTo('priya@company.in');
    expect(sent).toHaveLength(2);
    expect(second.mail.subject).toContain('confirm');
    expect(await subscriber(app, 'priya@company.in')).toMatchObject({
      status: 'unsubscribed',
      unsubscribed_at: unsubscribedAt,
    });

    // A confirmation queued before an unsubscription is never sent.
    clock.advance(HOUR_MS);
    expect((await signUp(app, 'priya@company.in')).statusCode).toBe(200);
    await pressButton(app, second.unsubscribe);
    await app.outboxWorker.runOnce();
    expect(sent).toHaveLength(2);
    const cancelled = (await outbox(app)).at(-1)!;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      last_error: 'the address unsubscribed after this email was queued',
    });

    // The old links of the first email still unsubscribe; the new confirmation brings the address back.
    clock.advance(HOUR_MS);
    const third = await mailTo('priya@company.in');
    expect((await pressButton(app, third.confirm)).statusCode).toBe(303);
    expect((await subscriber(app, 'priya@company.in')).status).toBe('confirmed');
    expect((await oneClickUnsubscribe(app, first.unsubscribe)).statusCode).toBe(200);
    expect((await subscriber(app, 'priya@company.in')).status).toBe('unsubscribed');
  });
});
