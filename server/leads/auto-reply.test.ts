import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { manualClock, HOUR_MS } from '../test/manual-clock.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { DEFAULT_AUTO_REPLY_TEXT } from './auto-reply.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function open(env: Record<string, string>, dir = tempDir(), clock = manualClock()) {
  const config = testConfig(env, dir);
  const stores = await openStores(config, { now: clock.now });
  opened.push(stores);
  return { stores, dir, clock };
}

const VISITOR_TEXT = 'CONFIDENTIAL-PLANS for our new shop';

/** The acknowledgements due now, as the outbox builds them (at send time). */
async function acknowledgements(stores: Stores, at: Date) {
  const due = await stores.outbox.claimDue(at, new Date(at.getTime() + 60_000), 50);
  return due.filter((email) => email.row.kind === 'acknowledgement');
}

describe('the auto-reply', () => {
  it('a new database starts as ACK_EMAIL says, with the default text; an existing one keeps what staff chose', async () => {
    const on = await open({ ACK_EMAIL: 'true' });
    expect(await on.stores.autoReply.get()).toEqual({
      enabled: true,
      text: DEFAULT_AUTO_REPLY_TEXT,
      updatedAt: null,
      updatedBy: null,
    });
    const off = await open({ ACK_EMAIL: 'false' });
    expect((await off.stores.autoReply.get()).enabled).toBe(false);

    await off.stores.autoReply.save({ enabled: true, text: 'Our own words.' }, 'priya@acme.test', new Date());
    await off.stores.close();
    opened.splice(opened.indexOf(off.stores), 1);
    const again = await open({ ACK_EMAIL: 'false' }, off.dir);
    expect(await again.stores.autoReply.get()).toMatchObject({
      enabled: true,
      text: 'Our own words.',
      updatedBy: 'priya@acme.test',
    });
  });

  it("is queued as the row says, and sent with staff's text as it is then and the lead's reference, never what the visitor typed", async () => {
    const { stores, clock } = await open({ ACK_EMAIL: 'false' });
    const request = sampleQuote({ name: 'Priya Sharma', message: VISITOR_TEXT });
    expect((await stores.leads.store({ request, sourcePage: '/', spam: false })).queued).toBe(1);

    await stores.autoReply.save(
      { enabled: true, text: 'Hello,\n\nThanks, we will call.' },
      'a@acme.test',
      clock.now(),
    );
    const stored = await stores.leads.store({ request, sourcePage: '/', spam: false });
    expect(stored.queued).toBe(2);
    // Staff fix the text after the lead came in: the visitor reads the fixed one.
    await stores.autoReply.save(
      { enabled: true, text: 'Hello,\n\nThanks, we will call today.' },
      'a@acme.test',
      clock.now(),
    );
    const [ack] = await acknowledgements(stores, clock.now());
    const lead = await stores.leads.get(stored.id);
    expect(ack!.mail.text).toContain('Thanks, we will call today.');
    expect(ack!.mail.text).toContain(`Your reference: ${lead!.reference}`);
    expect(ack!.mail.headers).toMatchObject({ 'Auto-Submitted': 'auto-replied' });
    const everything = `${ack!.mail.subject}${ack!.mail.text}${ack!.mail.html}`;
    expect(everything).not.toContain('CONFIDENTIAL');
    expect(everything).not.toContain('Priya');
  });

  it('goes at most once a day per address, never to spam, and not after staff turned it off', async () => {
    const { stores, clock } = await open({ ACK_EMAIL: 'true' });
    const request = sampleQuote({ email: 'Ravi@Dairy.in' });
    expect((await stores.leads.store({ request, sourcePage: '/', spam: true })).queued).toBe(0);
    expect((await stores.leads.store({ request, sourcePage: '/', spam: false })).queued).toBe(2);
    expect((await stores.leads.store({ request, sourcePage: '/', spam: false })).queued).toBe(1);
    clock.advance(25 * HOUR_MS);
    expect((await stores.leads.store({ request, sourcePage: '/', spam: false })).queued).toBe(2);

    // Turned off before it went: withdrawn, not sent.
    await stores.autoReply.save(
      { enabled: false, text: DEFAULT_AUTO_REPLY_TEXT },
      'a@acme.test',
      clock.now(),
    );
    expect(await acknowledgements(stores, clock.now())).toEqual([]);
    const rows = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('kind', '=', 'acknowledgement')
      .execute();
    expect(rows).toEqual([
      { status: 'cancelled', last_error: 'the auto-reply was turned off in Settings' },
      { status: 'cancelled', last_error: 'the auto-reply was turned off in Settings' },
    ]);
    expect((await stores.leads.store({ request, sourcePage: '/', spam: false })).queued).toBe(1);
  });
});
