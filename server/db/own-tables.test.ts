import { describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { testConfig } from '../test/test-app.ts';
import { ownTables } from './own-tables.ts';

describe("a feature's view of its own tables", () => {
  it('is the same database, and names no other table (npm run typecheck fails otherwise)', async () => {
    const stores = await openStores(testConfig());
    try {
      const leads = ownTables<'quote_requests'>(stores.storage.db);
      expect(leads).toBe(stores.storage.db);
      await expect(leads.selectFrom('quote_requests').select('id').execute()).resolves.toEqual([]);
      // @ts-expect-error another feature's table is not in the view
      expect(() => leads.selectFrom('lead_messages')).not.toThrow();
      await stores.storage.write.run(async (trx) => {
        const view = ownTables<'lead_messages'>(trx);
        expect(view).toBe(trx);
        // @ts-expect-error another feature's table is not in the view
        expect(() => view.updateTable('quote_requests')).not.toThrow();
      });
    } finally {
      await stores.close();
    }
  });
});
