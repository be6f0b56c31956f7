import { simpleParser } from 'mailparser';
import { describe, expect, it, vi } from 'vitest';
import type { Mailer, OutgoingMail } from '../mail/outgoing-mail.ts';
import {
  linkTo,
  listUnsubscribeLink,
  oneClickUnsubscribe,
  pressButton,
  signUp,
} from '../test/newsletter-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { keptMail } from '../test/kept-mail.ts';
import { rawHeader } from '../test/smtp-sink.ts';
import { testApp, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];
const status = async (app: App, email: string) =>
  (
    await tablesOf<NewsletterTables>(app.storage.db)
      .selectFrom('subscribers')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).status;

describe('the confirmation email, received by a real SMTP server', () => {
  it('comes from the company to the subscriber, with the confirm link and one-click unsubscribe headers', async () => {
    const smtp = await testSmtpSink();
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    expect((await signUp(app, 'Priya@Company.in')).statusCode).toBe(200);

    const mail = await vi.waitFor(
      () => {
        expect(smtp.messages).toHaveLength(1);
        return smtp.messages[0]!;
      },
      { timeout: 5_000 },
    );
    expect(mail.from?.value).toEqual([{ name: 'Acme Tech', address: 'quotes@acme.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((to) => to.address) : []).toEqual([
      'priya@company.in',
    ]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'sales@acme.test' }]);
    expect(mail.subject).toBe('Please confirm your subscription to the Acme Tech Solutions newsletter');
    expect(mail.text).toMatch(/^https:\/\/www\.acme\.test\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail.html).toContain('https://www.acme.test/newsletter/confirm?token=');
    expect(mail.text).toContain('48 hours');

    const listUnsubscribe = rawHeader(mail, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/www\.acme\.test\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/,
    );
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail, 'Auto-Submitted')).toBe('auto-generated');

    const [row] = await vi.waitFor(
      async () => {
        const rows = await tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').selectAll().execute();
        expect(rows[0]!.status).toBe('sent');
        return rows;
      },
      { timeout: 5_000 },
    );
    expect(mail.messageId).toBe(row!.message_id);

    // The links it carries work: confirm from the body, then leave by the header's one-click POST.
    expect((await pressButton(app, linkTo(mail.text ?? '', '/newsletter/confirm'))).statusCode).toBe(303);
    expect(await status(app, 'priya@company.in')).toBe('confirmed');
    expect((await oneClickUnsubscribe(app, listUnsubscribeLink(listUnsubscribe))).statusCode).toBe(200);
    expect(await status(app, 'priya@company.in')).toBe('unsubscribed');
  });

  it('comes from NEWSLETTER_FROM when it is set, while quote notifications keep MAIL_FROM', async () => {
    const smtp = await testSmtpSink();
    const { app } = await testApp({
      startOutbox: true,
      env: { SMTP_URL: smtp.url, NEWSLETTER_FROM: 'Acme News <news@acme.test>' },
    });
    await signUp(app, 'priya@company.in');
    await injectQuote(app);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 5_000 });
    const from = (subject: RegExp) =>
      smtp.messages.find((mail) => subject.test(mail.subject ?? ''))?.from?.value;
    expect(from(/confirm your subscription/)).toEqual([{ name: 'Acme News', address: 'news@acme.test' }]);
    expect(from(/^Quote request from/)).toEqual([{ name: 'Acme Tech', address: 'quotes@acme.test' }]);
  });

  it('is retried while the server answers 421, and the email that arrives has working links', async () => {
    const smtp = await testSmtpSink({
      onConnect: (attempt) => (attempt <= 2 ? { code: 421, message: 'Try again later' } : undefined),
    });
    const { app } = await testApp({ startOutbox: true, env: { SMTP_URL: smtp.url } });
    await signUp(app, 'ravi@shop.in');
    const mail = await vi.waitFor(
      () => {
        expect(smtp.messages).toHaveLength(1);
        return smtp.messages[0]!;
      },
      { timeout: 5_000 },
    );
    expect(smtp.connections).toBeGreaterThanOrEqual(3);
    expect((await pressButton(app, linkTo(mail.text ?? '', '/newsletter/confirm'))).statusCode).toBe(303);
  });

  it('keeps the links of an attempt that did arrive working, though the retry carries new ones', async () => {
    // The mail server took the first attempt, but the answer was lost: the outbox sends it again.
    const delivered: OutgoingMail[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      send: async (mail) => {
        delivered.push(mail);
        return delivered.length === 1
          ? { ok: false, permanent: false, error: 'ETIMEDOUT: the answer never came' }
          : { ok: true, detail: '250 accepted' };
      },
      close: () => undefined,
    };
    const { app } = await testApp({ mailer, startOutbox: true });
    await signUp(app, 'lost@shop.in');
    await vi.waitFor(() => expect(delivered).toHaveLength(2), { timeout: 5_000 });
    expect(delivered[1]!.messageId).toBe(delivered[0]!.messageId);
    const [first, second] = delivered.map((mail) => linkTo(mail.text, '/newsletter/confirm'));
    expect(first).not.toBe(second);
    expect((await pressButton(app, first!)).statusCode).toBe(303);
    expect(await status(app, 'lost@shop.in')).toBe('confirmed');
    expect(
      (await oneClickUnsubscribe(app, listUnsubscribeLink(delivered[1]!.headers?.['List-Unsubscribe'])))
        .statusCode,
    ).toBe(200);
  });

  it('is kept as an .eml file when there is no SMTP server, with the same headers', async () => {
    const { app, config } = await testApp({ startOutbox: true });
    await signUp(app, 'laptop@shop.in');
    const [file] = await vi.waitFor(
      async () => {
        const kept = await keptMail(config);
        expect(kept).toHaveLength(1);
        return kept;
      },
      { timeout: 5_000 },
    );
    expect(file!.name).toMatch(/^newsletter-confirm\.[0-9a-f]{32}\.eml$/);
    const mail = await simpleParser(file!.eml);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('laptop@shop.in');
  });
});
