import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newsletterConsent } from '../../common/newsletter.ts';
import { testDatabase } from '../test/database-kind.ts';
import { fetchHeaders, multipart, validQuote } from '../test/form-request.ts';
import { keptMail } from '../test/kept-mail.ts';
import { linkTo, pressButton, signUp } from '../test/newsletter-client.ts';
import { SUBSCRIBERS_COMMAND_USAGE } from './subscribers-command.ts';
import { runLeads, runSubscribers, runSubscribersAt } from '../test/operator-cli.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/**
 * A server that has taken sign-ups the way visitors make them, its emails
 * written as .eml files (no SMTP_URL): priya confirmed, ravi pending,
 * "+cmd" (a formula to a spreadsheet) unsubscribed.
 */
async function withSubscribers(clock = () => new Date()) {
  const { app, config } = await testApp({ now: clock });
  const emailOf = async (address: string) => {
    const file = (await keptMail(config)).find(({ eml }) => eml.includes(`To: ${address}`));
    return (file?.eml ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');
  };
  for (const email of ['priya@company.in', 'ravi@shop.in', '+cmd@shop.in']) {
    await signUp(app, email, { headers: { ...fetchHeaders, referer: 'http://localhost/about' } });
  }
  await app.outboxWorker.runOnce();
  await pressButton(app, linkTo(await emailOf('priya@company.in'), '/newsletter/confirm'));
  await pressButton(app, linkTo(await emailOf('+cmd@shop.in'), '/newsletter/unsubscribe'));
  await app.storage.write.flush();
  return { app, config };
}

/** The .eml files a deletion of one kept email removes: none on PostgreSQL, where it goes with its outbox row. */
const keptFiles = testDatabase === 'postgres' ? 0 : 1;

describe('npm run subscribers', () => {
  it('lists the subscribers, newest first, by status if asked', async () => {
    const { config } = await withSubscribers();
    const list = await runSubscribers(config, 'list');
    expect(list.code).toBe(0);
    const lines = list.out.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+email\s+status\s+signed up \(UTC\)\s+confirmed\s+unsubscribed\s+page$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 3))).toEqual([
      ['3', '+cmd@shop.in', 'unsubscribed'],
      ['2', 'ravi@shop.in', 'pending'],
      ['1', 'priya@company.in', 'confirmed'],
    ]);
    const confirmed = await runSubscribers(config, 'list', '--status', 'confirmed');
    expect(confirmed.out).toContain('priya@company.in');
    expect(confirmed.out).not.toContain('ravi@shop.in');
    expect((await runSubscribers(config, 'list', '--status', 'lost')).code).toBe(2);
    expect((await runSubscribers(config, 'list', '--status', 'pending', '--limit', '1')).out).toContain(
      'ravi@shop.in',
    );
  });

  it('exports CSV with the consent shown, and spreadsheet formulas neutralised', async () => {
    const { config } = await withSubscribers();
    const { out, code } = await runSubscribers(config, 'export');
    expect(code).toBe(0);
    const [header, ...rows] = out.trimEnd().split('\r\n');
    expect(header).toBe(
      '"id","email","status","created_at","last_signup_at","confirmed_at","unsubscribed_at","source_page","consent_version","consent_text"',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^"1","priya@company\.in","confirmed","20\d\d-.*","\/about"/);
    expect(rows[0]).toContain(`"${newsletterConsent.version}","${newsletterConsent.text}"`);
    expect(rows[2]).toContain(`"'+cmd@shop.in","unsubscribed"`);

    const file = join(tempDir(), 'subscribers.csv');
    const confirmed = await runSubscribers(config, 'export', '--status', 'confirmed', '--out', file);
    expect(confirmed.err).toBe(`Exported 1 subscribers to ${file}.\n`);
    expect(readFileSync(file, 'utf8').trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('deletes a subscriber with its links, emails and .eml files, whatever the case of the address', async () => {
    const { app, config } = await withSubscribers();
    expect(await keptMail(config)).toHaveLength(3);
    const result = await runSubscribers(config, 'delete', '--email', 'Priya@Company.IN');
    expect(result.out).toBe(
      `Deleted 1 subscribers, 1 outbox rows and ${keptFiles} mail files of Priya@Company.IN.\n`,
    );

    const left = await tablesOf<NewsletterTables>(app.storage.db)
      .selectFrom('subscribers')
      .select('email')
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.email)).toEqual(['ravi@shop.in', '+cmd@shop.in']);
    const tokens = await tablesOf<NewsletterTables>(app.storage.db)
      .selectFrom('subscriber_tokens')
      .select('subscriber_id')
      .execute();
    expect(new Set(tokens.map((row) => row.subscriber_id))).toEqual(new Set([2, 3]));
    const kept = await keptMail(config);
    expect(kept.some(({ eml }) => eml.includes('To: priya@company.in'))).toBe(false);
    expect(kept).toHaveLength(2);
    expect((await runSubscribers(config, 'delete')).err).toContain('subscribers delete needs --email');
  });

  it('deletes the subscription too on a data-subject request (delete --email)', async () => {
    const { app, config } = await withSubscribers();
    const quote = await multipart({
      ...validQuote,
      name: 'Ravi',
      email: 'ravi@shop.in',
      phone: '',
      message: 'A website.',
    });
    await app.inject({ method: 'POST', url: '/api/quote', ...quote });
    await app.storage.write.flush();

    const result = await runLeads(config, 'delete', '--email', 'ravi@shop.in');
    expect(result.out).toBe(
      `Deleted 1 quote requests, 1 newsletter subscribers, 2 outbox rows and ${keptFiles} mail files of ravi@shop.in.\n`,
    );
    const emails = await tablesOf<NewsletterTables>(app.storage.db)
      .selectFrom('subscribers')
      .select('email')
      .execute();
    expect(emails.map((row) => row.email)).not.toContain('ravi@shop.in');
    const recipients = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select('recipient')
      .execute();
    expect(recipients.map((row) => row.recipient)).not.toContain('ravi@shop.in');
  });

  it('purges sign-ups never confirmed, older than N days, and nothing else', async () => {
    const { config } = await withSubscribers(() => new Date('2026-01-01T00:00:00Z'));
    const result = await runSubscribersAt(
      new Date('2026-02-01T00:00:00Z'),
      config,
      'purge',
      '--older-than',
      '30',
    );
    expect(result.out).toBe(
      `Deleted 1 sign-ups never confirmed since before 2026-01-02T00:00:00.000Z, 1 outbox rows and ${keptFiles} mail files.\n`,
    );
    const list = (await runSubscribers(config, 'list')).out;
    expect(list).not.toContain('ravi@shop.in');
    expect(list).toContain('priya@company.in');
    expect(list).toContain('+cmd@shop.in');
  });

  it('explains its usage', async () => {
    const { config } = await withSubscribers();
    expect(await runSubscribers(config)).toMatchObject({ code: 2, err: SUBSCRIBERS_COMMAND_USAGE });
    expect((await runSubscribers(config, 'help')).out).toContain(
      '  export [--status <status>] [--out <file>]',
    );
    const unknown = await runSubscribers(config, 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "frobnicate".');
    expect(unknown.err).toContain('Usage: npm run subscribers -- <command>');
  });
});
