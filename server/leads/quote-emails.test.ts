import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { emptyQuoteValues } from '../../common/quote-request.ts';
import { classifySmtpError, createFileMailer, renderMail } from '../mail/mailer.ts';
import { headerText } from '../mail/outgoing-mail.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { tempDir } from '../test/temp-dir.ts';
import { acknowledgementEmail, notificationEmail } from './quote-emails.ts';
import type { Lead } from './quote-tables.ts';

const lead: Lead = {
  ...emptyQuoteValues,
  id: 7,
  reference: 'Q-7F3K9C',
  created_at: '2025-06-01T10:30:00.000Z',
  name: 'Priya Sharma',
  email: 'priya@company.in',
  phone: '+91 98000 00000',
  message: 'Please build <b>our</b> shop & app.',
  source_page: '/',
  status: 'new',
  spam: 0,
  spam_at: null,
  first_contact_ms: null,
  owner_id: null,
  follow_up_on: null,
  follow_up_reminded_for: null,
  escalated_at: null,
  phone_digits: '919800000000',
  phone_endings: '919800000000 19800000000 9800000000',
};
const row = (kind: OutboxRow['kind']): OutboxRow => ({
  id: 1,
  owner_type: 'lead',
  owner_id: 7,
  recipient_type: null,
  recipient_id: null,
  payload: null,
  kind,
  lane: 'mail',
  recipient: kind === 'notification' ? 'sales@acme.test' : 'priya@company.in',
  message_id: `<quote${kind === 'notification' ? '' : '-ack'}-7.0123456789abcdef@acme.test>`,
  status: 'pending',
  attempts: 0,
  next_attempt_at: lead.created_at,
  claimed_until: null,
  last_error: null,
  created_at: lead.created_at,
  updated_at: lead.created_at,
  sent_at: null,
  delivered_via: null,
});
const settings = {
  from: { name: 'Acme Tech', address: 'quotes@acme.test' },
  to: ['sales@acme.test'],
  siteUrl: 'https://www.acme.test',
};

describe('quote emails', () => {
  it('cannot be turned into header injection, even by data that skipped validation', async () => {
    const evil: Lead = {
      ...lead,
      name: 'Mallory\r\nBcc: victim@example.org\r\nX-Evil: 1',
      email: 'a@b.in\r\nBcc: victim@example.org',
    };
    const mail = notificationEmail(evil, row('notification'), settings);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo).toBeUndefined(); // not a plain address: no Reply-To at all

    const dir = tempDir();
    const result = await createFileMailer(dir).send(mail);
    expect(result.ok).toBe(true);
    const eml = readFileSync(result.ok ? result.detail : '', 'utf8');
    const headers = eml.slice(0, eml.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^X-Evil:/im);
    expect(headers).toContain('Subject: Quote request from Mallory Bcc: victim@example.org X-Evil: 1');
    expect(headerText('a\u2028b\u0000c')).toBe('a b c');
  });

  it('shows a name that looks like an encoded word as typed, never decoded into other text', async () => {
    const disguised: Lead = { ...lead, name: '=?UTF-8?Q?=0D=0ABcc:_victim@example.org?=' };
    const mail = notificationEmail(disguised, row('notification'), settings);
    const parsed = await simpleParser(await renderMail(mail));
    expect(parsed.subject).toBe('Quote request from = ?UTF-8?Q?=0D=0ABcc:_victim@example.org?= (Q-7F3K9C)');
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    const replyTo = parsed.replyTo && !Array.isArray(parsed.replyTo) ? parsed.replyTo.value : [];
    expect(replyTo).toEqual([
      { name: '= ?UTF-8?Q?=0D=0ABcc:_victim@example.org?=', address: 'priya@company.in' },
    ]);
    expect(mail.html).toContain(disguised.name); // the body shows it exactly as typed
  });

  it('puts every field in the notification, escaped in the HTML part', () => {
    const mail = notificationEmail(lead, row('notification'), settings);
    expect(mail.subject).toBe('Quote request from Priya Sharma (Q-7F3K9C)');
    expect(mail.headers).toEqual({ 'X-Quote-Reference': 'Q-7F3K9C' });
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/#7\b/);
    expect(mail.text).toMatch(/^Phone: +\+91 98000 00000$/m);
    expect(mail.text).toContain('Please build <b>our</b> shop & app.');
    expect(mail.html).toContain('Please build &lt;b&gt;our&lt;/b&gt; shop &amp; app.');
    expect(mail.messageId).toBe('<quote-7.0123456789abcdef@acme.test>');
  });

  it('names each file with its size and links to the lead in the inbox, never attaching them', async () => {
    const files = [
      {
        id: 1,
        leadId: 7,
        name: 'Brief <v2>.pdf',
        size: 2_516_582,
        mediaType: 'application/pdf',
        scan: 'clean',
      },
      { id: 2, leadId: 7, name: 'notes.txt', size: 820, mediaType: 'text/plain', scan: 'pending' },
    ] as const;
    const mail = notificationEmail(lead, row('notification'), settings, files);
    const link = 'https://www.acme.test/admin?q=Q-7F3K9C';
    expect(mail.text).toContain(
      `Attachments (2):\n- Brief <v2>.pdf (2.4 MB)\n- notes.txt (820 bytes)\nDownload them from the lead in the inbox (they are not attached to this email):\n${link}\n`,
    );
    expect(mail.html).toContain('<li>Brief &lt;v2&gt;.pdf (2.4 MB)</li>');
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    const parsed = await simpleParser(await renderMail(mail));
    expect(parsed.attachments).toEqual([]);
    expect(notificationEmail(lead, row('notification'), settings).text).not.toContain('Attachments');
  });

  it("gives staff's text and the lead's reference, never the visitor's message nor their name, in the acknowledgement", () => {
    const staffText = 'Hello,\n\nThanks for writing to us <3.\nWe answer within a day.';
    const mail = acknowledgementEmail(lead, row('acknowledgement'), settings, staffText);
    expect(mail.to).toEqual(['priya@company.in']);
    expect(mail.replyTo).toEqual({ address: 'sales@acme.test' });
    expect(mail.headers).toMatchObject({
      'Auto-Submitted': 'auto-replied',
      'X-Auto-Response-Suppress': 'All',
    });
    expect(mail.text).toMatch(/^Hello,\n\nThanks for writing to us <3\.\nWe answer within a day\.\n/);
    expect(mail.text).toMatch(/^Your reference: Q-7F3K9C$/m);
    expect(mail.text).toContain('If that was not you, please ignore it.');
    expect(mail.html).toContain('<p>Thanks for writing to us &lt;3.<br>We answer within a day.</p>');
    expect(mail.html).toContain('Your reference: <strong>Q-7F3K9C</strong>');
    const everything = `${mail.subject}${mail.text}${mail.html}${JSON.stringify(mail.headers)}`;
    expect(everything).not.toContain('shop');
    // Not even the name: anyone could otherwise send a text of their choosing to any address.
    expect(everything).not.toContain('Priya');
  });

  it('tells temporary SMTP failures from permanent ones', () => {
    expect(
      classifySmtpError(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })).permanent,
    ).toBe(true);
    expect(classifySmtpError(Object.assign(new Error('Try later'), { responseCode: 451 })).permanent).toBe(
      false,
    );
    expect(classifySmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toEqual({
      permanent: false,
      error: 'ESOCKET: connect ECONNREFUSED',
    });
  });
});
