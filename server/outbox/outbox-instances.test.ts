import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Config } from '../config/config.ts';
import { createMailer } from '../mail/mailer.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { heldMailer } from '../test/held-mailer.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig, testSmtpSink } from '../test/test-app.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const MINUTE = 60_000;
const LEASE_MS = 10 * MINUTE;
const silent = pino({ level: 'silent' });

/**
 * Two server instances' outboxes on one database: on PostgreSQL two storages
 * (two pools, as two processes have); on SQLite, which has one writer, two
 * repositories on one storage.
 */
async function twoInstances(config: Config): Promise<[Stores, Stores, () => Promise<void>]> {
  const first = await openStores(config);
  const second = testDatabase === 'postgres' ? await openStores(config) : first;
  const close = async () => {
    await first.close();
    if (second !== first) await second.close();
  };
  return [first, second, close];
}

async function queueLeads(stores: Stores, count: number) {
  for (let index = 0; index < count; index++) {
    await stores.leads.store({
      request: { ...sampleQuote(), email: `visitor-${index}@instances.test` },
      sourcePage: '/',
      spam: false,
    });
  }
}

function worker(
  stores: Stores,
  mailer: Parameters<typeof createOutboxWorker>[0]['mailer'],
  now?: () => Date,
) {
  return createOutboxWorker({
    outbox: stores.outbox,
    mailer,
    log: silent,
    pollMs: 20,
    retryBaseMs: 10,
    retryMaxMs: 40,
    maxAttempts: 5,
    leaseMs: LEASE_MS,
    batchSize: 3,
    ...(now ? { now } : {}),
  });
}

/** Runs passes until one finds nothing due. */
async function drain(outbox: OutboxWorker) {
  while ((await outbox.runOnce()) > 0);
}

describe('two instances sending from one outbox', () => {
  it('deliver every email exactly once: no Message-ID reaches the mail server twice', async () => {
    const config = testConfig({}, tempDir());
    const [first, second, close] = await twoInstances(config);
    const smtp = await testSmtpSink();
    const smtpMailer = () => createMailer({ ...config.mail, smtpUrl: smtp.url });
    const count = 24;
    await queueLeads(first, count);

    await Promise.all([drain(worker(first, smtpMailer())), drain(worker(second, smtpMailer()))]);

    const rows = await tablesOf<OutboxTables>(first.storage.db).selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const received = smtp.messages.map((mail) => mail.messageId);
    expect(received).toHaveLength(count);
    expect(new Set(received)).toEqual(new Set(rows.map((row) => row.message_id)));
    await close();
  });

  it('an instance killed mid-send leaves its email to come due after the lease, then the other sends it with the same Message-ID', async () => {
    const config = testConfig({}, tempDir());
    const [first, second, close] = await twoInstances(config);
    const smtp = await testSmtpSink();
    await queueLeads(first, 1);
    let time = Date.now();
    const now = () => new Date(time);
    // Its first send never ends: the process dies on the way to the mail server.
    const killed = heldMailer();
    void worker(first, killed.mailer, now).runOnce();
    await vi.waitFor(() => expect(killed.sent).toHaveLength(1), { timeout: 5_000 });

    const other = worker(second, createMailer({ ...config.mail, smtpUrl: smtp.url }), now);
    time += LEASE_MS - 1;
    expect(await other.runOnce()).toBe(0); // held by the first until its lease runs out
    time += 1;
    expect(await other.runOnce()).toBe(1);

    expect(smtp.messages.map((mail) => mail.messageId)).toEqual(killed.sent);
    const [row] = await tablesOf<OutboxTables>(second.storage.db).selectFrom('outbox').selectAll().execute();
    expect(row).toMatchObject({ status: 'sent', message_id: killed.sent[0] });
    await close();
  });
});

describe.skipIf(testDatabase !== 'postgres')('claims on PostgreSQL', () => {
  it('pass over the emails another instance is claiming, instead of waiting for it', async () => {
    const config = testConfig({}, tempDir());
    const [first, second, close] = await twoInstances(config);
    await queueLeads(first, 6);
    const at = new Date();
    const taken = await first.storage.db.transaction().execute(async (trx) => {
      // The first instance is in the middle of claiming the three oldest (their lease not yet written).
      await tablesOf<OutboxTables>(trx)
        .selectFrom('outbox')
        .select('id')
        .orderBy('id')
        .limit(3)
        .forUpdate()
        .execute();
      const claimed = await second.outbox.claimDue(at, new Date(at.getTime() + LEASE_MS), 10);
      return claimed.map((email) => email.row.id);
    });
    expect(taken).toEqual([4, 5, 6]);
    await close();
  });
});
