import { describe, expect, it, vi } from 'vitest';
import { multipart, validQuote } from '../test/form-request.ts';
import { heldMailer } from '../test/held-mailer.ts';
import { statementLog } from '../test/statement-log.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from './outbox-table.ts';

describe('stopping the outbox worker', () => {
  it('finishes the email being sent and hands the rest back, due at once for the next process', async () => {
    const { mailer, sent, release } = heldMailer();
    const { app } = await testApp({ mailer });
    for (let index = 0; index < 3; index++) {
      const body = await multipart({ ...validQuote, email: `visitor-${index}@stop.test` });
      expect((await app.inject({ method: 'POST', url: '/api/quote', ...body })).body).toBe('success');
    }
    app.outboxWorker.start();
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000 }); // the first email is on its way

    const stopped = app.outboxWorker.stop();
    release();
    await stopped;

    const rows = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(sent).toHaveLength(1); // nothing new was started after the stop
    expect(rows.map((row) => row.status)).toEqual(['sent', 'pending', 'pending']);
    // Not leased for minutes (the lease outlives the slowest SMTP exchange): due now.
    for (const row of rows.slice(1)) expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
  });
});

describe('a pass of the outbox worker', () => {
  it('builds its emails from one read and records each one’s outcome as soon as it is sent; each lead’s timeline says so', async () => {
    const { app } = await testApp();
    for (let index = 0; index < 4; index++) {
      const body = await multipart({ ...validQuote, email: `visitor-${index}@pass.test` });
      expect((await app.inject({ method: 'POST', url: '/api/quote', ...body })).body).toBe('success');
    }

    const log = statementLog(app.storage);
    expect(await app.outboxWorker.runOnce()).toBe(4);
    log.stop();

    const updates = log.statements.filter((statement) => /^\s*update "?outbox"?\s/.test(statement));
    // The lease of the four, then each group's outcomes (the mail lane sends one at a time), written as
    // soon as the group is done so that no lease can run out on a message sent but not yet recorded.
    expect(updates).toHaveLength(5);
    const leadReads = log.statements.filter((statement) =>
      /^select .* from "quote_requests"/s.test(statement),
    );
    expect(leadReads).toHaveLength(1); // the four notifications built from one read of their leads
    const rows = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select(['status', 'owner_id'])
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const events = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('lead_events')
      .select('quote_request_id')
      .where('kind', '=', 'delivery')
      .orderBy('quote_request_id')
      .execute();
    expect(events.map((event) => event.quote_request_id)).toEqual(
      rows.map((row) => row.owner_id).sort((a, b) => a - b),
    );
  });
});
