import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureMail } from '../test/conversation-fixtures.ts';
import { hasDovecot, startDovecotServer, type DovecotServer } from '../test/dovecot-server.ts';
import { fetchHeaders, urlEncoded, validQuote } from '../test/form-request.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

let dovecot: DovecotServer;
beforeAll(async () => {
  if (hasDovecot) dovecot = await startDovecotServer();
});
afterAll(async () => {
  await dovecot?.stop();
});

describe.skipIf(!hasDovecot)('the server and IMAP_URL', { timeout: 20_000 }, () => {
  it('with IMAP_URL, the server watches the mailbox from its start: an answer shows on its lead', async () => {
    const { app } = await testApp({ startOutbox: true, env: { IMAP_URL: dovecot.url } });
    const posted = await app.inject({
      method: 'POST',
      url: '/api/quote',
      ...urlEncoded(validQuote),
      headers: { ...urlEncoded(validQuote).headers, ...fetchHeaders },
    });
    expect(posted.statusCode).toBe(200);
    const lead = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select(['id', 'reference'])
      .executeTakeFirstOrThrow();
    await vi.waitFor(() => expect(app.mailboxWatcher?.watching).toBe(true), { timeout: 5_000, interval: 20 });
    // Outlook's answer: no In-Reply-To, found by its reference and sender.
    await dovecot.append(fixtureMail('outlook', lead));
    await vi.waitFor(
      async () =>
        expect(
          await tablesOf<ConversationTables>(app.storage.db)
            .selectFrom('lead_messages')
            .select(['kind', 'author_email'])
            .where('quote_request_id', '=', lead.id)
            .execute(),
        ).toEqual([{ kind: 'answer', author_email: 'priya@company.in' }]),
      { timeout: 5_000, interval: 20 },
    );
  });

  it('without IMAP_URL, nothing watches', async () => {
    const { app } = await testApp({ startOutbox: true });
    expect(app.mailboxWatcher).toBeUndefined();
  });
});
