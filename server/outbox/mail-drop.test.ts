import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { loadConfig } from '../config/config.ts';
import { createFileMailer, createMailer } from '../mail/mailer.ts';
import { openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { injectQuote } from '../test/form-request.ts';
import { keptMail } from '../test/kept-mail.ts';
import { runOutbox } from '../test/operator-cli.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

const postgresOnly = describe.skipIf(testDatabase !== 'postgres');
const sqliteOnly = describe.skipIf(testDatabase !== 'sqlite');
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

postgresOnly('without SMTP_URL on PostgreSQL, with several instances', () => {
  it('shows the same delivery from every instance, and a Delete on any of them removes the kept email', async () => {
    const dir = tempDir();
    // Two instances on one database, each with its own disk.
    const first = await testApp({ config: testConfig({}, dir) });
    const second = await testApp({ config: testConfig({ MAIL_DIR: join(tempDir(), 'mail') }, dir) });
    expect(second.config.database.url).toBe(first.config.database.url);
    expect((await injectQuote(first.app)).body).toBe('success');
    expect(await first.app.outboxWorker.runOnce()).toBe(1);

    const { cookie } = await staffMember(second.app, second.config);
    const lead = async (instance: typeof first) =>
      (await api(instance.app, instance.config, 'GET', '/leads/1', { cookie })).json();
    const seen = await lead(second);
    expect(seen.delivery).toEqual({ state: 'written', at: expect.any(String), keptIn: 'database' });
    expect(await lead(first)).toEqual(seen);
    expect(seen.timeline.map((entry: { text?: string }) => entry.text)).toContain(
      'The notification was not sent: no mail server was set up then, so it was kept on the server and nobody was told.',
    );
    expect(await keptMail(second.config)).toHaveLength(1);
    expect(filesIn(first.config.mail.dir)).toEqual([]); // nothing on the first instance's disk

    const removed = await api(second.app, second.config, 'DELETE', '/leads/1', { cookie });
    expect(removed.statusCode).toBe(204);
    expect(await keptMail(first.config)).toEqual([]);
    expect(
      await tablesOf<OutboxTables>(first.app.storage.db).selectFrom('mail_drop').selectAll().execute(),
    ).toEqual([]);
  });

  it('keeps nothing of an email deleted while it was being sent', async () => {
    const config = testConfig({}, tempDir());
    const stores = await openStores(config);
    await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
    const at = new Date();
    const [due] = await stores.outbox.claimDue(at, new Date(at.getTime() + 60_000), 10);
    await stores.leads.remove(1); // a Delete while the email is on its way
    const mailer = createMailer({ ...config.mail, smtpUrl: undefined }, stores.mailDrop);
    expect(await mailer.send(due!.mail)).toMatchObject({ ok: true });
    expect(
      await tablesOf<OutboxTables>(stores.storage.db).selectFrom('mail_drop').selectAll().execute(),
    ).toEqual([]);
    await stores.close();
  });
});

/** What a reader sees of an email: every header but the Date it was written and the MIME boundary, and its bodies. */
function readable(mail: ParsedMail) {
  return {
    headers: mail.headerLines
      .filter((header) => header.key !== 'date' && header.key !== 'content-type')
      .map((header) => header.line),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

describe('npm run outbox -- export-files', () => {
  postgresOnly('on PostgreSQL', () => {
    it('writes the kept emails as the .eml files the file mailer writes: same names, same headers and bodies', async () => {
      const config = testConfig({}, tempDir());
      const stores = await openStores(config);
      await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
      const at = new Date();
      const [due] = await stores.outbox.claimDue(at, new Date(at.getTime() + 60_000), 10);
      const fileDir = join(tempDir(), 'files');
      expect(await createFileMailer(fileDir).send(due!.mail)).toMatchObject({ ok: true });
      const kept = createMailer({ ...config.mail, smtpUrl: undefined }, stores.mailDrop);
      expect(kept.kind).toBe('database');
      expect(await kept.send(due!.mail)).toMatchObject({ ok: true });
      await stores.close();

      const exportDir = join(tempDir(), 'exported');
      const exported = await runOutbox(config, 'export-files', exportDir);
      expect(exported).toEqual({ code: 0, out: `Wrote 1 .eml file to ${exportDir}.\n`, err: '' });
      const [name] = filesIn(fileDir);
      expect(filesIn(exportDir)).toEqual([name]);
      const written = await simpleParser(readFileSync(join(fileDir, name!)));
      const fromDatabase = await simpleParser(readFileSync(join(exportDir, name!)));
      expect(readable(fromDatabase)).toEqual(readable(written));
      expect(fromDatabase.messageId).toBe(due!.mail.messageId);
    });
  });

  sqliteOnly('on SQLite', () => {
    it('says the emails are in MAIL_DIR already', async () => {
      const config = testConfig({}, tempDir());
      const exported = await runOutbox(config, 'export-files', join(tempDir(), 'exported'));
      expect(exported.code).toBe(0);
      expect(exported.out).toContain(`written to MAIL_DIR (${config.mail.dir}) as .eml files already`);
    });
  });

  it('needs the folder to write to', async () => {
    const exported = await runOutbox(testConfig({}, tempDir()), 'export-files');
    expect(exported.code).toBe(2);
    expect(exported.err).toContain('export-files needs the folder to write to.');
  });
});

describe('starting in production without SMTP_URL', () => {
  it('warns once that emails are kept, not sent: in the database when DATABASE_URL is set, as files otherwise', () => {
    const env = { NODE_ENV: 'production', SITE_URL: 'https://www.acme.in', TRUST_PROXY: '1' };
    const warnings = loadConfig({ ...env, DATABASE_URL: 'postgres://site@db.internal/site' }).warnings;
    const mail = warnings.filter((warning) => warning.includes('SMTP_URL'));
    expect(mail).toEqual([expect.stringContaining('emails are kept in the database, not sent')]);
    expect(mail[0]).not.toContain('.eml files in');
    expect(loadConfig(env).warnings).toEqual([expect.stringContaining('emails are kept as .eml files in ')]);
    expect(loadConfig(env).warnings[0]).toContain(', not sent,');
  });
});
