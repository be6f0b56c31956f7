import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../mail/outgoing-mail.ts';
import { createOutboxWorker } from '../outbox/outbox-worker.ts';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply } from '../test/conversation-fixtures.ts';
import { testDatabase } from '../test/database-kind.ts';
import { manualClock } from '../test/manual-clock.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { parseIncomingMail } from './incoming-mail.ts';
import { receiveMail } from './receive-mail.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const MINUTE = 60_000;
const STAFF = ['asha@acme.test', 'meera@acme.test', 'ravi@acme.test'].map((email) => ({
  id: null,
  email,
  answerEmails: true,
}));

/**
 * Two instances on one database (two storages on PostgreSQL, as two processes have; one on SQLite,
 * which has one writer), with the test's clock.
 */
async function twoInstances(now: () => Date): Promise<[Stores, Stores]> {
  const config = testConfig({ ADMIN_TIME_ZONE: 'Asia/Kolkata' }, tempDir());
  const first = await openStores(config, { now });
  opened.push(first);
  const second = testDatabase === 'postgres' ? await openStores(config, { now }) : first;
  if (second !== first) opened.push(second);
  return [first, second];
}

/** A mailer that keeps what it sends; `hold()` makes the next send wait until `release()`. */
function keepingMailer() {
  const all: OutgoingMail[] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail) {
      all.push(mail);
      await gate;
      return { ok: true, detail: '250 accepted' };
    },
    close: () => undefined,
  };
  return {
    mailer,
    /** The answer notifications sent (not the lead's own emails). */
    get sent() {
      return all.filter((mail) => mail.subject.includes(' replied '));
    },
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => {
      gate = undefined;
      open();
    },
  };
}

function worker(stores: Stores, mailer: Mailer, now: () => Date) {
  return createOutboxWorker({
    outbox: stores.outbox,
    mailer,
    log: pino({ level: 'silent' }),
    pollMs: 20,
    retryBaseMs: 10,
    retryMaxMs: 40,
    maxAttempts: 5,
    leaseMs: 10 * MINUTE,
    now,
  });
}

/** The lead's n-th answer (its own Message-ID), received now by the instance that watches the mailbox. */
async function answer(stores: Stores, lead: { reference: string }, n: number, at: Date) {
  const raw = fixtureMail('gmail', lead, {
    '<CAGmail123abc@mail.gmail.com>': `<answer.${n}@mail.gmail.com>`,
  });
  const mail = await parseIncomingMail(raw);
  return stores.storage.write.run((trx) =>
    receiveMail(trx, mail, { at, staff: STAFF, mailDomain: 'acme.test' }),
  );
}

describe('answer notifications, grouped per lead', () => {
  it('twenty answers in ten minutes email each person twice, not twenty times, across two instances', async () => {
    const clock = manualClock('2026-12-01T09:00:00.000Z');
    const [first, second] = await twoInstances(clock.now);
    const lead = await leadWithReply(first);
    const sending = keepingMailer();
    const workers = [worker(first, sending.mailer, clock.now), worker(second, sending.mailer, clock.now)];
    const drain = async () => {
      for (const each of workers) while ((await each.runOnce()) > 0);
    };
    await drain();
    for (let n = 1; n <= 20; n += 1) {
      await answer(first, lead, n, clock.now());
      await drain();
      if (n === 1)
        expect(sending.sent.map((mail) => mail.to[0]).sort()).toEqual(STAFF.map((person) => person.email));
      clock.advance(MINUTE / 2);
    }
    // 09:10 (the last answer came at 09:09:30): ten minutes since the first email.
    expect(sending.sent).toHaveLength(3);
    clock.advance(MINUTE / 2);
    await drain();
    expect(sending.sent).toHaveLength(6);
    expect(sending.sent[0]?.subject).toBe(`Priya Sharma replied on ${lead.reference}`);
    const grouped = sending.sent.slice(3);
    expect(grouped.map((mail) => mail.to[0]).sort()).toEqual(STAFF.map((person) => person.email));
    for (const mail of grouped) {
      expect(mail.subject).toBe(`Priya Sharma replied 19 times on ${lead.reference}`);
      expect(mail.text.match(/^- /gm)).toHaveLength(19);
      expect(mail.text).toContain(
        `Read the answers on the lead's page:\nhttps://www.acme.test/admin?q=${lead.reference}`,
      );
      expect(mail.text).not.toContain('Thursday');
    }
    // Quiet for a while: the next answer is told of at once.
    clock.advance(30 * MINUTE);
    await answer(first, lead, 21, clock.now());
    await drain();
    expect(sending.sent).toHaveLength(9);
  });

  it('an answer that comes while its email is being sent is told of in the next one, not lost', async () => {
    const clock = manualClock('2026-12-01T09:00:00.000Z');
    const [stores] = await twoInstances(clock.now);
    const lead = await leadWithReply(stores);
    const told = keepingMailer();
    const outbox = worker(stores, told.mailer, clock.now);
    while ((await outbox.runOnce()) > 0);
    await answer(stores, lead, 1, clock.now());
    told.hold();
    const sending = outbox.runOnce();
    while (told.sent.length === 0) await new Promise((resolve) => setImmediate(resolve));
    clock.advance(MINUTE);
    await answer(stores, lead, 2, clock.now());
    told.release();
    await sending;
    while ((await outbox.runOnce()) > 0);
    expect(told.sent).toHaveLength(3);
    clock.advance(9 * MINUTE);
    while ((await outbox.runOnce()) > 0);
    expect(told.sent).toHaveLength(6);
    for (const mail of told.sent.slice(3)) {
      expect(mail.subject).toBe(`Priya Sharma replied on ${lead.reference}`);
      // Its Date header, in ADMIN_TIME_ZONE (Gmail wrote 09:14 +0530).
      expect(mail.text).toContain('- 1 Dec, 09:14\n');
    }
  });
});
