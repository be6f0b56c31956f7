/**
 * A fault of docs/load-and-faults.md: PostgreSQL stops in the middle of a burst spread over two
 * instances (real processes, server/main.ts). While it is down no request is
 * answered "success": each gets 503 with Retry-After. When it is back on the
 * same port both instances take quotes again by themselves, without a
 * restart, and every acknowledged quote is in the database once and emailed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabase } from '../test/database-kind.ts';
import { validQuote } from '../test/form-request.ts';
import { errorLines, leadsByEmail, startInstances } from '../test/instances.ts';
import { endLeasesAndDrain, expectEachLeadEmailedOnce, strandedClaims } from '../test/notifications-drain.ts';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import { isSuccess, postQuote, type Outcome } from '../test/quote-client.ts';
import type { RunningServer } from '../test/server-process.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testSmtpSink } from '../test/test-app.ts';

const UNAVAILABLE =
  'We cannot save quote requests at the moment, so yours was not sent. Please try again in a few minutes.\n';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  email: string;
  instance: number;
  sentAt: number;
  answeredAt: number;
  outcome: Outcome;
}

/**
 * Visitors posting quotes until told to stop, `concurrency` at a time, each
 * request to the next instance in turn and with its own email address.
 */
function steadyLoad(instances: RunningServer[], concurrency: number) {
  const sent: Sent[] = [];
  let next = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const index = next++;
      const instance = index % instances.length;
      const email = `visitor-${index}@pg-outage.test`;
      const sentAt = Date.now();
      const outcome = await postQuote(instances[instance]!.url, { ...validQuote, email }, 15_000);
      sent.push({ email, instance, sentAt, answeredAt: Date.now(), outcome });
      // A visitor refused waits a moment before the next one tries (no busy loop against a 503).
      if (!isSuccess(outcome)) await settle(20);
    }
  };
  const workers = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    sent,
    successes: (from = 0) => sent.filter((request) => request.sentAt >= from && isSuccess(request.outcome)),
    stop: async () => {
      running = false;
      await workers;
      return sent;
    },
  };
}

describe.skipIf(testDatabase === 'postgres' || !findPostgresBin())('PostgreSQL stops under load', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await cluster.destroy();
  });

  it('answers 503 with Retry-After while it is down, recovers without a restart, and loses nothing acknowledged', async () => {
    const databaseUrl = await cluster.createDatabase();
    const smtp = await testSmtpSink();
    const instances = await startInstances({ dir: tempDir(), databaseUrl, smtpUrl: smtp.url }, 2);

    const load = steadyLoad(instances, 10);
    await vi.waitFor(() => expect(load.successes().length).toBeGreaterThanOrEqual(30), { timeout: 15_000 });
    await cluster.stop();
    const downAt = Date.now();
    await settle(2_000);
    const restartAt = Date.now();
    await cluster.start();
    const upAt = Date.now();
    // Both instances take quotes again by themselves, within seconds.
    await vi.waitFor(
      () => {
        // Still the same processes: none died when its connections were cut.
        for (const instance of instances) {
          expect(instance.child.exitCode, instance.output().slice(-3000)).toBeNull();
        }
        const recovered = load.successes(upAt);
        for (const instance of instances.keys()) {
          expect(recovered.filter((request) => request.instance === instance).length).toBeGreaterThan(5);
        }
      },
      { timeout: 10_000 },
    );
    const sent = await load.stop();

    // While PostgreSQL was down, not one "success": each request got 503 with Retry-After.
    const duringOutage = sent.filter(
      (request) => request.sentAt >= downAt && request.answeredAt <= restartAt,
    );
    expect(duringOutage.length).toBeGreaterThan(10);
    for (const { outcome } of duringOutage) {
      expect(outcome).toEqual({
        kind: 'reply',
        status: 503,
        body: UNAVAILABLE,
        retryAfter: expect.any(String),
      });
    }
    // Around the stop and the start too, anything but "success" was that 503: no 500, no reset connection.
    for (const { outcome } of sent.filter((request) => !isSuccess(request.outcome))) {
      expect(outcome).toMatchObject({ kind: 'reply', status: 503, body: UNAVAILABLE });
      expect(Number((outcome as { retryAfter?: string }).retryAfter)).toBeGreaterThan(0);
    }

    // Every acknowledged quote is stored once, and nothing twice.
    const stored = await leadsByEmail(databaseUrl);
    const acknowledged = sent.filter((request) => isSuccess(request.outcome));
    for (const request of acknowledged) expect(stored.get(request.email)).toBe(1);
    expect([...stored.values()].every((count) => count === 1)).toBe(true);

    // The outboxes recovered too: every lead is emailed under its own Message-ID. What was claimed when
    // PostgreSQL went away, and could not be recorded, waits for its lease (sent again if it had gone out).
    const stranded = await strandedClaims(databaseUrl, stored.size, 20_000);
    await endLeasesAndDrain(databaseUrl, stranded, 10_000);
    await expectEachLeadEmailedOnce(databaseUrl, smtp, stranded);
    for (const instance of instances) expect(errorLines(instance.output())).toEqual([]);
  }, 60_000);
});
