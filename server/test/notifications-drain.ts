/**
 * The fault tests' view of the quote notifications on PostgreSQL: waiting for
 * the outbox to send them, ending the leases a process left behind, and
 * checking what reached the SMTP sink.
 */
import { expect, vi } from 'vitest';
import { query } from './instances.ts';
import type { SmtpSink } from './smtp-sink.ts';

export interface NotificationRow {
  id: number;
  message_id: string;
  status: string;
  claimed_until: string | null;
  reference: string;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every lead's notification row, with the lead's reference. */
const notificationRows = (url: string) =>
  query<NotificationRow>(
    url,
    `select outbox.id::int as id, message_id, outbox.status, claimed_until, quote_requests.reference
       from outbox join quote_requests on outbox.owner_type = 'lead' and quote_requests.id = outbox.owner_id
      where kind = 'notification' order by outbox.id`,
  );

/**
 * Waits until the running instances have sent every notification but those
 * claimed by a process that could not record the outcome (killed, or cut off
 * from the database): pending under a lease that has a good while left, and
 * the same ones half a second later. Returns them.
 */
export async function strandedClaims(url: string, leads: number, timeoutMs: number) {
  const unsent = async () => {
    const rows = await notificationRows(url);
    expect(rows).toHaveLength(leads); // one notification per lead
    return rows.filter((row) => row.status !== 'sent');
  };
  return vi.waitFor(
    async () => {
      const waiting = await unsent();
      for (const row of waiting) {
        expect(row.status).toBe('pending');
        expect(Date.parse(row.claimed_until ?? '')).toBeGreaterThan(Date.now() + 30_000);
      }
      await settle(500);
      expect(await unsent()).toEqual(waiting);
      return waiting;
    },
    { timeout: timeoutMs },
  );
}

/**
 * A lease is over a minute (leaseMs in app-resources.ts): this ends the given
 * ones now, as if that time had passed, and waits until everything is sent.
 */
export async function endLeasesAndDrain(url: string, rows: NotificationRow[], timeoutMs: number) {
  await query(url, 'update outbox set claimed_until = $1 where id = any($2::bigint[])', [
    new Date(Date.now() - 1000).toISOString(),
    rows.map((row) => row.id),
  ]);
  await vi.waitFor(
    async () => {
      expect((await notificationRows(url)).every((row) => row.status === 'sent')).toBe(true);
    },
    { timeout: timeoutMs },
  );
  await settle(500); // several more polls: nothing more goes out
}

/**
 * One notification per lead reached the sink, under its outbox row's
 * Message-ID only; a repeat (at-least-once) only of an email whose claim was
 * stranded. Returns how many repeats there were.
 */
export async function expectEachLeadEmailedOnce(url: string, smtp: SmtpSink, stranded: NotificationRow[]) {
  const rows = await notificationRows(url);
  const messageIdOf = new Map(rows.map((row) => [row.reference, row.message_id]));
  const seen = new Map<string, string[]>();
  for (const mail of smtp.messages) {
    const reference = String(mail.headers.get('x-quote-reference'));
    seen.set(reference, [...(seen.get(reference) ?? []), mail.messageId ?? '']);
  }
  expect(new Set(seen.keys())).toEqual(new Set(messageIdOf.keys()));
  const repeatable = new Set(stranded.map((row) => row.reference));
  for (const [reference, messageIds] of seen) {
    expect(new Set(messageIds)).toEqual(new Set([messageIdOf.get(reference)]));
    if (!repeatable.has(reference)) expect(messageIds).toHaveLength(1);
  }
  return smtp.messages.length - rows.length;
}
