import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { statementLog } from '../test/statement-log.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

const WAITING = 300;
const TAKE = 10;

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** Stores with WAITING leads whose notifications are all due, none sent yet (a burst of quotes). */
async function backlog() {
  const stores = await openStores(testConfig());
  opened.push(stores);
  await Promise.all(
    Array.from({ length: WAITING }, (_, index) =>
      stores.leads.store({
        request: { ...sampleQuote(), email: `client${index}@company.example` },
        sourcePage: '/contact',
        spam: false,
      }),
    ),
  );
  return stores;
}

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('A worker after a burst of quotes', () => {
  it('claims the oldest emails first, the earliest-queued of equal times first', async () => {
    const stores = await backlog();
    const at = new Date(Date.now() + 1_000);
    const due = await stores.outbox.claimDue(at, new Date(at.getTime() + 60_000), TAKE);
    const oldest = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select('id')
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(TAKE)
      .execute();
    expect(due.map(({ row }) => row.id)).toEqual(oldest.map((row) => row.id));
  });

  it.skipIf(testDatabase !== 'postgres')(
    'reads only the emails it takes, however many wait (PostgreSQL)',
    async () => {
      const stores = await backlog();
      const log = statementLog(stores.storage);
      const at = new Date(Date.now() + 1_000);
      await stores.outbox.claimDue(at, new Date(at.getTime() + 60_000), TAKE);
      log.stop();
      const claim = log.queries.find(({ text }) => text.startsWith('select * from "outbox"'));
      expect(claim).toBeDefined();
      if (!claim) return;

      const { rows } = await stores.storage.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        CompiledQuery.raw(`explain (analyze, format json) ${claim.text}`, claim.values),
      );
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      expect(plan).toBeDefined();
      if (!plan) return;
      const nodes = nodesOf(plan);
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      const scanned = nodes.filter((node) => node['Node Type'].includes('Scan'));
      expect(scanned.length).toBeGreaterThan(0);
      // The rows already leased are passed over; the next TAKE are all the scan reads, not the whole queue.
      for (const node of scanned) expect(node['Actual Rows']).toBeLessThanOrEqual(TAKE);
    },
  );
});
