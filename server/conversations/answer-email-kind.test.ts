import { afterEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply } from '../test/conversation-fixtures.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { ANSWER_EMAIL_KIND, answerEmailKind } from './answer-email-kind.ts';
import { parseIncomingMail } from './incoming-mail.ts';
import { receiveMail } from './receive-mail.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const kind = answerEmailKind({
  from: { name: 'Acme Tech', address: 'quotes@acme.test' },
  siteUrl: 'https://www.acme.test',
});

async function staffEmailFor(stores: Stores) {
  return stores.storage.write.run(async (trx) => {
    const row = await tablesOf<OutboxTables>(trx)
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', ANSWER_EMAIL_KIND)
      .executeTakeFirstOrThrow();
    return kind.prepare(trx, row, new Date());
  });
}

describe('the staff email of an answer', () => {
  it('"<Name> replied on Q-…" with a link to the lead, and no copy of the answer', async () => {
    const stores = await openStores(testConfig({}, tempDir()));
    opened.push(stores);
    const lead = await leadWithReply(stores);
    const mail = await parseIncomingMail(fixtureMail('gmail', lead));
    await stores.storage.write.run((trx) =>
      receiveMail(trx, mail, {
        at: new Date(),
        staff: [{ id: null, email: 'Ravi@Acme.test', answerEmails: true }],
        mailDomain: 'acme.test',
      }),
    );
    const email = (await staffEmailFor(stores)) as OutgoingMail;
    expect(email.to).toEqual(['ravi@acme.test']);
    expect(email.subject).toBe(`Priya Sharma replied on ${lead.reference}`);
    expect(email.text).toContain(`https://www.acme.test/admin?q=${lead.reference}`);
    expect(email.text + email.html).not.toContain('Thursday');
    expect(email.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated' });
  });

  it('is withdrawn when the lead was deleted before it went', async () => {
    const stores = await openStores(testConfig({}, tempDir()));
    opened.push(stores);
    const lead = await leadWithReply(stores);
    const mail = await parseIncomingMail(fixtureMail('gmail', lead));
    await stores.storage.write.run(async (trx) => {
      await receiveMail(trx, mail, {
        at: new Date(),
        staff: [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
        mailDomain: 'acme.test',
      });
      // Only the lead (not its emails): what the outbox finds when a lead goes between queue and send.
      await tablesOf<LeadTables>(trx).deleteFrom('quote_requests').where('id', '=', lead.id).execute();
    });
    expect(await staffEmailFor(stores)).toEqual({ cancelled: 'the quote request was deleted' });
  });

  it('names when the answer came, and says so when its sender is in doubt', async () => {
    const stores = await openStores(testConfig({}, tempDir()));
    opened.push(stores);
    const lead = await leadWithReply(stores);
    const raw = Buffer.concat([
      Buffer.from('Authentication-Results: mx.acme.test; dmarc=fail header.from=company.in\r\n'),
      fixtureMail('gmail', lead, {
        'Priya Sharma <priya@company.in>': 'Mallory <mallory@elsewhere.example>',
      }),
    ]);
    const mail = await parseIncomingMail(raw);
    await stores.storage.write.run((trx) =>
      receiveMail(trx, mail, {
        at: new Date('2026-12-02T00:00:00Z'),
        staff: [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
        mailDomain: 'acme.test',
        authservId: 'mx.acme.test',
      }),
    );
    const email = (await staffEmailFor(stores)) as OutgoingMail;
    expect(email.text).toContain(
      "- 1 Dec, 03:44 (sender not verified: it failed the sender check; sent from another address than the lead's)\n",
    );
    expect(email.text).not.toContain('mallory');
  });
});
