import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database-tables.ts';
import { combineLeadHooks, type LeadHooks, type StoredProbe } from './lead-hooks.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from '../integrations/integration-tables.ts';

const trx = {} as Transaction<Database>;
const probe = (): StoredProbe => (db) =>
  tablesOf<IntegrationTables>(db).selectFrom('integrations').select('id');

describe('lead hooks told of a new lead', () => {
  it('skip a part whose probes found nothing, and tell every other part, in order', async () => {
    const told: string[] = [];
    const [idle, busy] = [probe(), probe()];
    const part = (name: string, storedOnlyIf?: StoredProbe[]): LeadHooks => ({
      ...(storedOnlyIf ? { storedOnlyIf } : {}),
      stored: async () => void told.push(name),
    });
    const hooks = combineLeadHooks(part('idle', [idle]), part('busy', [busy]), part('always'));
    expect(hooks.storedOnlyIf).toEqual([idle, busy]);

    await hooks.stored?.(
      trx,
      1,
      new Date(),
      new Map([
        [idle, false],
        [busy, true],
      ]),
    );
    expect(told).toEqual(['busy', 'always']);

    // Probes not read (SQLite): every part does its work.
    told.length = 0;
    await hooks.stored?.(trx, 2, new Date());
    expect(told).toEqual(['idle', 'busy', 'always']);
  });
});
