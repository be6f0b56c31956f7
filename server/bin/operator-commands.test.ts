import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { csvCell } from '../cli/csv.ts';
import { LEADS_USAGE } from '../leads/leads-command.ts';
import { OUTBOX_USAGE } from '../outbox/outbox-commands.ts';
import { createFileMailer } from '../mail/mailer.ts';
import { openStores } from '../stores.ts';
import { injectQuote } from '../test/form-request.ts';
import { runLeads, runLeadsAt, runOutbox } from '../test/operator-cli.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const base = sampleQuote({ phone: '', message: 'A website, please.' });

/** A database with leads stored the way the server stores them. */
async function seeded(leads: { at: string; request?: Partial<typeof base>; spam?: boolean }[]) {
  const config = testConfig({ ACK_EMAIL: 'true' }, tempDir());
  let at = new Date();
  const stores = await openStores(config, { now: () => at });
  for (const lead of leads) {
    at = new Date(lead.at);
    await stores.leads.store({
      request: { ...base, ...lead.request },
      sourcePage: '/',
      spam: lead.spam ?? false,
    });
  }
  return { config, stores };
}

describe('npm run leads', () => {
  it('explains its usage on a missing or unknown command, with exit code 2', async () => {
    const config = testConfig();
    expect(await runLeads(config)).toMatchObject({ code: 2, err: LEADS_USAGE });
    const unknown = await runLeads(config, 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "frobnicate".');
    expect(unknown.err).toContain('  show <id>  ');
    // The emails and the subscribers have commands of their own.
    for (const other of ['outbox', 'subscribers']) {
      const moved = await runLeads(config, other, 'list');
      expect(moved.code).toBe(2);
      expect(moved.err).toContain(`Unknown command "${other}".`);
      expect(moved.err).toContain(`npm run ${other} -- help`);
    }
    expect((await runLeads(config, 'purge', '--older-than', 'soon')).err).toContain(
      '--older-than <days> must be a whole number',
    );
    expect((await runLeads(config, 'list', '--status', 'received')).err).toContain('--status must be one of');
    expect((await runLeads(config, 'delete')).err).toContain('delete needs --email <address>.');
  });

  it('lists and shows the stored requests', async () => {
    const { config, stores } = await seeded([
      { at: '2025-06-01T10:00:00Z' },
      {
        at: '2025-06-02T10:00:00Z',
        request: { name: 'Ravi Kumar', email: 'ravi@shop.in', phone: '+91 1' },
        spam: true,
      },
    ]);
    await stores.close();
    const list = await runLeads(config, 'list');
    expect(list.code).toBe(0);
    expect(list.out.split('\n')[0]).toMatch(
      /^id\s+created \(UTC\)\s+status\s+delivery\s+name\s+email\s+message$/,
    );
    expect(list.out).toMatch(/1\s+2025-06-01 10:00\s+new\s+pending\s+Priya Sharma/);
    expect(list.out).not.toContain('Ravi'); // spam has its own folder
    const spam = await runLeads(config, 'list', '--status', 'spam');
    expect(spam.out).toMatch(/2\s+2025-06-02 10:00\s+spam\s+none\s+Ravi Kumar/);
    expect(spam.out).not.toContain('Priya');

    const show = await runLeads(config, 'show', '1');
    expect(show.out).toContain('Email:    priya@company.in');
    expect(show.out).toContain('A website, please.');
    expect(show.out).toMatch(/notification\s+pending/);
    expect(show.out).toMatch(/acknowledgement\s+pending/);
    expect(await runLeads(config, 'show', '99')).toMatchObject({
      code: 1,
      err: 'No quote request with id 99.\n',
    });
  });

  it('exports CSV with spreadsheet formulas neutralised', async () => {
    const { config, stores } = await seeded([
      {
        at: '2025-06-01T10:00:00Z',
        request: {
          name: '=HYPERLINK("http://evil","x")',
          phone: '+91 98000 00000',
          message: '@SUM(A1)\n"quoted"',
        },
      },
    ]);
    await stores.close();
    const { out, code } = await runLeads(config, 'export');
    expect(code).toBe(0);
    const [header, row] = out.split('\r\n');
    // The lead's own columns, and one per field of the form.
    expect(header!.split(',')).toEqual(
      expect.arrayContaining([
        '"id"',
        '"created_at"',
        '"status"',
        '"name"',
        '"email"',
        '"phone"',
        '"message"',
      ]),
    );
    // Its files' names, and its conversation: no message yet, no answer.
    expect(header!.split(',').slice(-4)).toEqual([
      '"source_page"',
      '"attachments"',
      '"messages"',
      '"last_answer_at"',
    ]);
    expect(row!.split(',').slice(-2)).toEqual(['"0"', '""']);
    // The reference the emails carry, beside the id, so a reply about "Q-7F3K9C" finds its row.
    const reference = (await runLeads(config, 'show', '1')).out.match(/\(([^ ]+) in emails\)/)?.[1];
    expect(reference).toMatch(/^Q-[0-9A-Z]{6}$/);
    expect(header!.split(',').slice(0, 2)).toEqual(['"id"', '"reference"']);
    expect(row!.split(',').slice(0, 2)).toEqual(['"1"', `"${reference}"`]);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(row).toContain(`"'+91 98000 00000"`);
    expect(out).toContain(`"'@SUM(A1)\n""quoted"""`);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('plain')).toBe('"plain"');

    const file = join(tempDir(), 'leads.csv');
    expect((await runLeads(config, 'export', '--out', file)).err).toContain('Exported 1 quote requests');
    expect(readFileSync(file, 'utf8')).toBe(out);
  });

  it('deletes every record of an address, whatever its case, including emails and .eml files', async () => {
    const { config, stores } = await seeded([
      { at: '2025-06-01T10:00:00Z' },
      { at: '2025-06-01T20:00:00Z', request: { email: 'PRIYA@Company.in' } },
      { at: '2025-06-02T10:00:00Z', request: { name: 'Ravi', email: 'ravi@shop.in' } },
    ]);
    // The .eml files of the file mailer hold the same personal data.
    const mailer = createFileMailer(config.mail.dir);
    for (const due of await stores.outbox.claimDue(new Date(), new Date(), 10)) {
      expect((await mailer.send(due.mail)).ok).toBe(true);
    }
    expect(readdirSync(config.mail.dir)).toHaveLength(5);
    await stores.close();

    const result = await runLeads(config, 'delete', '--email', 'Priya@company.in');
    expect(result.out).toBe(
      'Deleted 2 quote requests, 0 newsletter subscribers, 3 outbox rows and 3 mail files of Priya@company.in.\n',
    );

    const after = await openStores(config);
    const remaining = await tablesOf<LeadTables>(after.storage.db)
      .selectFrom('quote_requests')
      .select('email')
      .execute();
    const rows = await tablesOf<OutboxTables>(after.storage.db)
      .selectFrom('outbox')
      .select(['recipient', 'kind'])
      .execute();
    await after.close();
    expect(remaining).toEqual([{ email: 'ravi@shop.in' }]);
    expect(rows.map((row) => row.recipient)).not.toContain('priya@company.in');
    // Ravi's two emails are left; nothing of Priya's.
    const files = readdirSync(config.mail.dir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const eml = readFileSync(join(config.mail.dir, file), 'utf8');
      expect(eml).toContain('ravi@shop.in');
      expect(eml.toLowerCase()).not.toContain('priya@company.in');
    }
    expect(existsSync(config.mail.dir)).toBe(true);
  });

  it('purges requests older than N days', async () => {
    const { config, stores } = await seeded([
      { at: '2025-01-01T00:00:00Z' },
      { at: '2025-05-25T00:00:00Z', request: { email: 'new@shop.in' } },
    ]);
    await stores.close();
    const result = await runLeadsAt(new Date('2025-06-10T00:00:00Z'), config, 'purge', '--older-than', '30');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^Deleted 1 quote requests older than 30 days \(before 2025-05-11T00:00:00.000Z\), 2 outbox rows/,
    );
    expect((await runLeads(config, 'list')).out).toContain('new@shop.in');
    expect((await runLeads(config, 'list')).out).not.toContain('priya@company.in');
  });
});

describe('an email kept, not sent (no SMTP_URL)', () => {
  it('reads "kept" in leads list, leads show and outbox list, never "written" or "sent"', async () => {
    const { app, config } = await testApp();
    expect((await injectQuote(app, { name: 'Priya Sharma' })).body).toBe('success');
    await app.outboxWorker.runOnce(); // no SMTP_URL: an .eml file (SQLite) or a row of the database
    await app.close();

    const list = await runLeads(config, 'list');
    expect(list.out).toMatch(/1\s+\S+ \S+\s+new\s+kept\s+Priya Sharma/);
    expect(list.out).not.toMatch(/written|sent/);
    const show = (await runLeads(config, 'show', '1')).out;
    expect(show).toMatch(/Delivery: kept (in the database|as an \.eml file in MAIL_DIR) \S+, not sent/);
    expect(show).toMatch(/notification\s+kept/);
    expect(show.replace(', not sent', '')).not.toMatch(/written|emailed|\bsent\b/);

    const outbox = await runOutbox(config, 'list');
    expect(outbox.out).toMatch(/lead 1\s+notification\s+kept/);
    expect(outbox.out).not.toMatch(/\bsent\b/);
    expect((await runOutbox(config, 'list', '--status', 'kept')).out).toMatch(/notification\s+kept/);
    expect((await runOutbox(config, 'list', '--status', 'sent')).out).toBe('The outbox is empty.\n');
  });
});

describe('npm run outbox', () => {
  it('explains its usage on a missing or unknown command, with exit code 2', async () => {
    const config = testConfig();
    expect(await runOutbox(config)).toMatchObject({ code: 2, err: OUTBOX_USAGE });
    const unknown = await runOutbox(config, 'bogus');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "bogus".');
    expect(unknown.err).toContain('  retry <id> | --all-dead  ');
  });

  it('lists the outbox and its dead letters, and puts dead letters back in the queue', async () => {
    const { config, stores } = await seeded([
      { at: '2025-06-01T10:00:00Z' },
      { at: '2025-06-02T10:00:00Z', request: { email: 'ravi@shop.in' } },
    ]);
    const [first] = await stores.outbox.claimDue(new Date(), new Date(), 1);
    await stores.outbox.markDead(first!.row, new Date(), '550 Mailbox unavailable');
    await stores.close();

    const all = await runOutbox(config, 'list');
    expect(all.out.trim().split('\n')).toHaveLength(5);
    const dead = await runOutbox(config, 'dead');
    expect(dead.out).toMatch(/1\s+lead 1\s+notification\s+dead\s+1\s+.*550 Mailbox unavailable/);
    expect(dead.out.trim().split('\n')).toHaveLength(2);
    expect((await runLeads(config, 'show', '1')).out).toContain(
      'Delivery: could not be delivered: 550 Mailbox unavailable',
    );

    expect((await runOutbox(config, 'retry', '--all-dead')).out).toContain('Queued 1 email again');
    expect((await runOutbox(config, 'dead')).out).toBe('No dead letters.\n');
    expect((await runLeads(config, 'show', '1')).out).toMatch(/Delivery: waiting \(attempt 1 at /);
    expect(await runOutbox(config, 'retry', '999')).toMatchObject({ code: 1 });
    expect((await runOutbox(config, 'retry', '2')).out).toContain('Queued 1 email again');
  });
});
