import { describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { runOutboxAt } from '../test/operator-cli.ts';
import { tempDir } from '../test/temp-dir.ts';
import { heldMailer } from '../test/held-mailer.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

const MINUTE = 60_000;

/** A database with one lead (and so one notification, outbox row 1), and its stores. */
async function oneLead() {
  const config = testConfig({}, tempDir());
  const stores = await openStores(config);
  await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
  return { config, stores };
}

describe('Retry while the worker sends', () => {
  it('changes nothing while the email is being sent, so the lead is emailed exactly once', async () => {
    const { mailer, sent, release } = heldMailer();
    const { app, config } = await testApp({ mailer });
    const staff = await staffMember(app, config);
    const retry = () => api(app, config, 'POST', '/outbox/1/retry', { cookie: staff.cookie, body: {} });
    const outbox = () => tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').selectAll().execute();
    expect((await injectQuote(app)).body).toBe('success');

    const sending = app.outboxWorker.runOnce();
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000 }); // the worker has it, on its way to the mail server
    const claimed = await outbox();

    const refused = await retry();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Email 1 is being sent right now: nothing to retry.');
    expect(await outbox()).toEqual(claimed);
    expect(await app.outboxWorker.runOnce()).toBe(0); // the next pass does not take it again

    release();
    expect(await sending).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await outbox()).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    expect((await retry()).json().message).toBe('Email 1 was sent already: nothing to retry.');
    expect(await app.outboxWorker.runOnce()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('sends the email again, with the same Message-ID, once the lease of a worker that died runs out', async () => {
    const { stores } = await oneLead();
    const at = new Date();
    const later = (ms: number) => new Date(at.getTime() + ms);
    const [first] = await stores.outbox.claimDue(at, later(10 * MINUTE), 10);
    expect(first).toBeDefined();

    // Within the lease: nobody else takes it, and Retry leaves it alone.
    expect(await stores.outbox.claimDue(later(9 * MINUTE), later(19 * MINUTE), 10)).toEqual([]);
    expect(await stores.outbox.retry(first!.row.id, later(9 * MINUTE))).toBe('sending');

    // The process died: after the lease the email is due again, the same email.
    const [again] = await stores.outbox.claimDue(later(10 * MINUTE), later(20 * MINUTE), 10);
    expect(again?.row.id).toBe(first!.row.id);
    expect(again?.mail.messageId).toBe(first!.mail.messageId);
    await stores.close();
  });

  it('on the command line, lists the email as sending and says there is nothing to retry', async () => {
    const { config, stores } = await oneLead();
    const at = new Date();
    await stores.outbox.claimDue(at, new Date(at.getTime() + 10 * MINUTE), 10);
    await stores.close();

    expect((await runOutboxAt(at, config, 'list')).out).toMatch(/\bsending\b/);
    expect(await runOutboxAt(at, config, 'retry', '1')).toEqual({
      code: 1,
      out: '',
      err: 'Email 1 is being sent right now: nothing to retry.\n',
    });
    const dead = await runOutboxAt(at, config, 'retry', '--all-dead');
    expect(dead.out).toContain('Queued 0 emails again');
  });
});
