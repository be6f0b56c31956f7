/**
 * The faults of docs/load-and-faults.md with several instances: real server processes
 * (server/main.ts) on one PostgreSQL cluster of this file's own, one
 * redis-server and one SMTP sink, all on loopback.
 *
 * - Two instances start at once on an empty database: one set of migrations.
 * - Two instances take a burst and one is killed (SIGKILL) in the middle:
 *   every acknowledged lead is stored once, and each lead is emailed under one
 *   Message-ID, the killed instance's claims included once their lease is over.
 * - Redis is killed in the middle of a burst: every quote is still taken.
 *
 * PostgreSQL stopping in the middle of a burst: postgres-outage.test.ts.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MIGRATION_LOCK } from '../db/migrator.ts';
import { migrations as allMigrations } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { validQuote } from '../test/form-request.ts';
import { errorLines, leadsByEmail, query, startInstances } from '../test/instances.ts';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import { burst, isSuccess, postQuote, type Outcome } from '../test/quote-client.ts';
import { hasRedisServer, startRedisServer } from '../test/redis-server.ts';
import { type RunningServer } from '../test/server-process.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testSmtpSink } from '../test/test-app.ts';
import { endLeasesAndDrain, expectEachLeadEmailedOnce, strandedClaims } from '../test/notifications-drain.ts';

/** The acknowledged requests' indexes. */
const acknowledged = (outcomes: Outcome[]) =>
  outcomes.flatMap((outcome, index) => (isSuccess(outcome) ? [index] : []));

/** Requests spread over the instances in turn: request i goes to instance i mod n. */
const spread = (instances: RunningServer[], emailOf: (index: number) => string) => (index: number) =>
  postQuote(instances[index % instances.length]!.url, { ...validQuote, email: emailOf(index) }, 10_000);

// Runs once, in the node project: it makes its own cluster (the postgres project's is shared).
describe.skipIf(testDatabase === 'postgres' || !findPostgresBin() || !hasRedisServer)(
  'several instances on one PostgreSQL',
  () => {
    let cluster: PostgresCluster;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    });
    afterAll(async () => {
      await cluster.destroy();
    });

    it('two instances started at once on an empty database: both ready, one set of migrations, no error', async () => {
      const databaseUrl = await cluster.createDatabase();
      // The test holds the migration lock until both instances wait for it, then lets them race.
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const starting = startInstances({ dir: tempDir(), databaseUrl }, 2);
      try {
        await vi.waitFor(
          async () => {
            const waiting = await holder.query(
              "select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted",
            );
            expect(waiting.rows[0]).toEqual({ count: 2 });
          },
          { timeout: 20_000 },
        );
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        await holder.end();
      }
      const instances = await starting;

      for (const instance of instances) {
        const ready = await fetch(`${instance.url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok' });
      }
      const migrations = await query<{ name: string; count: number }>(
        databaseUrl,
        'select name, count(*)::int as count from kysely_migration group by name order by name',
      );
      expect(migrations.map((migration) => migration.name)).toEqual(
        Object.keys(allMigrations.postgres).sort(),
      );
      expect(migrations.every((migration) => migration.count === 1)).toBe(true);
      for (const instance of instances) expect(errorLines(instance.output())).toEqual([]);

      // Both take quotes on the database they share.
      for (const [index, instance] of instances.entries()) {
        const email = `first-${index}@instances.test`;
        expect(isSuccess(await postQuote(instance.url, { ...validQuote, email }))).toBe(true);
      }
      expect(await leadsByEmail(databaseUrl)).toEqual(
        new Map([
          ['first-0@instances.test', 1],
          ['first-1@instances.test', 1],
        ]),
      );
    }, 40_000);

    it('one of two instances is killed mid-burst: every acknowledged lead once, each emailed under one Message-ID', async () => {
      const databaseUrl = await cluster.createDatabase();
      const redis = await startRedisServer();
      const smtp = await testSmtpSink();
      const [survivor, victim] = await startInstances(
        { dir: tempDir(), databaseUrl, redisUrl: redis.url, smtpUrl: smtp.url },
        2,
      );
      if (!survivor || !victim) throw new Error('two instances');

      const emailOf = (index: number) => `visitor-${index}@kill.test`;
      let successes = 0;
      const outcomes = await burst(120, 20, spread([survivor, victim], emailOf), (_index, outcome) => {
        if (isSuccess(outcome) && ++successes === 40) victim.child.kill('SIGKILL');
      });
      expect((await victim.exited).signal).toBe('SIGKILL');

      // The survivor answered every request it was sent; the killed one, until it died.
      const toSurvivor = outcomes.filter((_outcome, index) => index % 2 === 0);
      expect(toSurvivor.every(isSuccess)).toBe(true);
      const failed = outcomes.filter((outcome) => !isSuccess(outcome));
      expect(failed.length).toBeGreaterThan(0); // the kill came mid-burst
      for (const outcome of failed) expect(outcome).toMatchObject({ kind: 'error' });

      // Every acknowledged lead is stored once; no lead, acknowledged or not, is stored twice.
      const stored = await leadsByEmail(databaseUrl);
      for (const index of acknowledged(outcomes)) expect(stored.get(emailOf(index))).toBe(1);
      expect([...stored.values()].every((count) => count === 1)).toBe(true);
      expect(stored.size - acknowledged(outcomes).length).toBeLessThanOrEqual(20);

      // The survivor sends every email but those the killed instance had claimed: they wait for their lease.
      const stranded = await strandedClaims(databaseUrl, stored.size, 30_000);
      await endLeasesAndDrain(databaseUrl, stranded, 10_000);
      // One notification per lead, each under one Message-ID; repeated only if the killed instance sent it.
      await expectEachLeadEmailedOnce(databaseUrl, smtp, stranded);
      expect(errorLines(survivor.output())).toEqual([]);
    }, 60_000);

    it('Redis is killed mid-burst: every quote is still taken, on PostgreSQL', async () => {
      const databaseUrl = await cluster.createDatabase();
      const redis = await startRedisServer();
      const instances = await startInstances({ dir: tempDir(), databaseUrl, redisUrl: redis.url }, 2);

      const emailOf = (index: number) => `visitor-${index}@redis.test`;

      let successes = 0;
      let killed: Promise<void> | undefined;
      const outcomes = await burst(120, 20, spread(instances, emailOf), (_index, outcome) => {
        if (isSuccess(outcome) && ++successes === 30) killed = redis.kill();
      });
      await killed;

      expect(outcomes.filter((outcome) => !isSuccess(outcome))).toEqual([]);
      const stored = await leadsByEmail(databaseUrl);
      expect(stored.size).toBe(120);
      expect([...stored.values()].every((count) => count === 1)).toBe(true);
      const warned = instances.map((instance) =>
        instance.output().includes('quote request taken without its rate limit: Redis unavailable'),
      );
      expect(warned).toEqual([true, true]);
    }, 40_000);
  },
);
