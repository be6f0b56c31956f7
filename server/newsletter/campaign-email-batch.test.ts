import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { readerEmails, seedConfirmedSubscribers } from '../test/confirmed-subscribers.ts';
import { statementLog } from '../test/statement-log.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

describe('a pass of a campaign', () => {
  it('builds its emails with one read of the campaign and of the subscribers, each with its own unsubscribe link', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    await seedConfirmedSubscribers(stores.storage, readerEmails(6));
    const draft = await stores.campaigns.create(
      { subject: 'News', preheader: 'Some', bodyMarkdown: '# News' },
      'owner@acme.test',
    );
    const started = await stores.campaigns.send(draft.id, draft.version);
    expect('campaign' in started).toBe(true);
    // One reader leaves before the pass: their email is withdrawn, not sent.
    await stores.storage.write.run((trx) =>
      tablesOf<NewsletterTables>(trx)
        .updateTable('subscribers')
        .set({ status: 'unsubscribed' })
        .where('email', '=', 'reader-5@reader.test')
        .execute(),
    );

    const log = statementLog(stores.storage);
    const at = new Date();
    const due = await stores.outbox.claimDue(at, new Date(at.getTime() + 60_000), 50, { lane: 'campaign' });
    log.stop();

    const reads = (table: string) =>
      log.statements.filter((statement) => new RegExp(`^select .* from "${table}"`, 's').test(statement));
    expect(reads('campaigns')).toHaveLength(1);
    expect(reads('subscribers')).toHaveLength(1);
    expect(
      log.statements.filter((statement) => statement.startsWith('insert into "subscriber_tokens"')),
    ).toHaveLength(1);

    expect(due.map((email) => email.row.recipient)).toEqual(readerEmails(5));
    const links = due.map((email) =>
      'headers' in email.mail ? email.mail.headers?.['List-Unsubscribe'] : '',
    );
    expect(new Set(links).size).toBe(5);
    for (const link of links) expect(link).toMatch(/^<https:\/\/www\.acme\.test\/.+\?token=[^>]+>$/);
    const withdrawn = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('recipient', '=', 'reader-5@reader.test')
      .executeTakeFirstOrThrow();
    expect(withdrawn).toEqual({
      status: 'cancelled',
      last_error: 'the subscriber is unsubscribed: not sent',
    });
  });
});
