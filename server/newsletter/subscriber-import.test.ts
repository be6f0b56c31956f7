import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchHeaders } from '../test/form-request.ts';
import { keptMail } from '../test/kept-mail.ts';
import { linkTo, pressButton, signUp } from '../test/newsletter-client.ts';
import { runSubscribers } from '../test/operator-cli.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** priya confirmed, ravi pending, "+cmd" unsubscribed: signed up the way visitors do. */
async function withSubscribers() {
  const { app, config } = await testApp();
  const emailOf = async (address: string) => {
    const file = (await keptMail(config)).find(({ eml }) => eml.includes(`To: ${address}`));
    return (file?.eml ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');
  };
  for (const email of ['priya@company.in', 'ravi@shop.in', '+cmd@shop.in']) {
    await signUp(app, email, { headers: fetchHeaders });
  }
  await app.outboxWorker.runOnce();
  await pressButton(app, linkTo(await emailOf('priya@company.in'), '/newsletter/confirm'));
  await pressButton(app, linkTo(await emailOf('+cmd@shop.in'), '/newsletter/unsubscribe'));
  await app.storage.write.flush();
  const subscriber = (email: string) =>
    tablesOf<NewsletterTables>(app.storage.db)
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  return { app, config, subscriber };
}

function csvFile(text: string): string {
  const file = join(tempDir(), 'subscribers.csv');
  writeFileSync(file, text);
  return file;
}

/** CRLF lines, a byte order mark, quoted fields with commas, quotes and a line break. */
const FILE = `\uFEFF${[
  'email,consented_at,source', // 1
  'priya@company.in,2025-03-01T10:00:00Z,Mailchimp', // 2: confirmed already
  ' New@Example.com ,2025-01-02,"Old list, 2024"', // 3: added
  '"anil@example.org","2025-02-03T09:30:00+05:30","Trade fair, ""Delhi"""', // 4: added
  'new@example.com,2025-01-05,Other', // 5: twice in the file
  '+cmd@shop.in,2025-01-01,Mailchimp', // 6: unsubscribed
  'ravi@shop.in,2025-01-01T08:00:00Z,Mailchimp', // 7: pending, confirmed now
  'not-an-email,2025-01-01,Mailchimp', // 8
  'zero\u200Bwidth@example.com,2025-01-01,Mailchimp', // 9
  'bad-day@example.com,2025-02-30,Mailchimp', // 10
  'no-zone@example.com,2025-01-01T10:00,Mailchimp', // 11
  '"two\nlines@example.com",2025-01-01,Mailchimp', // 12-13
  'comma@example.com,2025-01-01,Old list, 2024', // 14: four fields
  'after@example.com,2025-01-01,Mailchimp', // 15: added
].join('\r\n')}\r\n`;

describe('npm run subscribers -- import', () => {
  it('adds new addresses as confirmed, skips known ones, and lists invalid rows by line only', async () => {
    const { config, subscriber } = await withSubscribers();
    const file = csvFile(FILE);
    const result = await runSubscribers(config, 'import', file);
    expect(result.out).toBe(
      `Imported ${file}: 4 added, 3 skipped (already confirmed, unsubscribed, or twice in the file), 6 invalid.\n`,
    );
    expect(result.err).toBe(
      [
        'Invalid rows, not imported:',
        '  line 8: invalid email',
        '  line 9: invalid email (hidden characters)',
        '  line 10: consented_at is not an ISO date or date and time (with its zone) in the past',
        '  line 11: consented_at is not an ISO date or date and time (with its zone) in the past',
        '  line 12: invalid email',
        '  line 14: 4 fields, not 3',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(1);

    expect(await subscriber('new@example.com')).toMatchObject({
      status: 'confirmed',
      confirmed_at: '2025-01-02T00:00:00.000Z',
      consent_version: 'imported',
      consent_text: 'imported from Old list, 2024',
    });
    expect(await subscriber('anil@example.org')).toMatchObject({
      status: 'confirmed',
      confirmed_at: '2025-02-03T04:00:00.000Z',
      consent_text: 'imported from Trade fair, "Delhi"',
    });
    expect(await subscriber('after@example.com')).toMatchObject({ status: 'confirmed' });
    expect(await subscriber('ravi@shop.in')).toMatchObject({
      status: 'confirmed',
      confirmed_at: '2025-01-01T08:00:00.000Z',
      consent_text: 'imported from Mailchimp',
    });
    // Left as they were: the confirmed one keeps its own consent, the unsubscribed one stays out.
    const priya = await subscriber('priya@company.in');
    expect(priya).toMatchObject({ status: 'confirmed' });
    expect(priya?.consent_version).not.toBe('imported');
    expect(await subscriber('+cmd@shop.in')).toMatchObject({ status: 'unsubscribed' });
    expect(await subscriber('bad-day@example.com')).toBeUndefined();
    expect(await subscriber('comma@example.com')).toBeUndefined();

    const again = await runSubscribers(config, 'import', file);
    expect(again.out).toContain(': 0 added, 7 skipped (');
    expect(await subscriber('+cmd@shop.in')).toMatchObject({ status: 'unsubscribed' });
    const confirmed = await runSubscribers(config, 'export', '--status', 'confirmed');
    expect(confirmed.out.trimEnd().split('\r\n')).toHaveLength(1 + 5);
  });

  it('imports a long file in batches, columns in any order, an address twice across batches once', async () => {
    const { config } = await withSubscribers();
    const lines = Array.from({ length: 1200 }, (_, i) => `Shop,person${i}@example.com,2025-01-01`);
    const file = csvFile(['source,email,consented_at', ...lines, lines[0]].join('\n'));
    expect(await runSubscribers(config, 'import', file)).toMatchObject({
      code: 0,
      out: `Imported ${file}: 1200 added, 1 skipped (already confirmed, unsubscribed, or twice in the file), 0 invalid.\n`,
      err: '',
    });
  });

  it('refuses a file without a column it needs, naming it, and imports nothing', async () => {
    const { config, subscriber } = await withSubscribers();
    const file = csvFile('email,source\nsomeone@example.com,Mailchimp\n');
    const result = await runSubscribers(config, 'import', file);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Nothing imported: ${file}: the header line has no column "consented_at" (it needs email, consented_at and source).\n`,
    );
    expect(await subscriber('someone@example.com')).toBeUndefined();

    const broken = csvFile('email,consented_at,source\n"open@example.com,2025-01-01,x\n');
    expect((await runSubscribers(config, 'import', broken)).err).toMatch(
      /^Nothing imported: .*not a readable CSV file/,
    );
    const absent = join(tempDir(), 'none.csv');
    expect((await runSubscribers(config, 'import', absent)).err).toBe(
      `Nothing imported: ${absent}: cannot be read (ENOENT).\n`,
    );
    expect((await runSubscribers(config, 'import')).code).toBe(2);
  });
});
