import { describe, expect, it } from 'vitest';
import type { ConversationTables } from '../conversations/conversation-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import { openStores } from '../stores.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from './tables-of.ts';

// The rule is checked by the compiler (npm run typecheck): each `@ts-expect-error` below is a query
// that must not compile. Were a table's type merged back into the handle, or into another feature's
// view, the directive would be unused, and the typecheck would fail.
describe("a feature's view of its own tables", () => {
  it('is the same connection or transaction; the handle itself names no table', async () => {
    const stores = await openStores(testConfig());
    try {
      const { db } = stores.storage;
      // @ts-expect-error the database handle names no table: a feature views it with its own
      expect(() => db.selectFrom('quote_requests')).not.toThrow();
      const leads = tablesOf<LeadTables>(db);
      expect(leads).toBe(db);
      await expect(leads.selectFrom('quote_requests').select('id').execute()).resolves.toEqual([]);
      // @ts-expect-error another feature's table is not in the leads' view
      expect(() => leads.selectFrom('lead_messages')).not.toThrow();
      // @ts-expect-error nor the outbox's
      expect(() => leads.insertInto('outbox')).not.toThrow();
      await stores.storage.write.run(async (trx) => {
        // @ts-expect-error a write's transaction names no table either
        expect(() => trx.updateTable('quote_requests')).not.toThrow();
        const answers = tablesOf<ConversationTables>(trx);
        expect(answers).toBe(trx);
        // @ts-expect-error another feature's table is not in the conversations' view
        expect(() => answers.updateTable('quote_requests')).not.toThrow();
        // One transaction, two views: the outbox's functions view the lead's transaction with its own tables.
        const outbox = tablesOf<OutboxTables>(trx);
        expect(outbox).toBe(trx);
        await expect(outbox.selectFrom('outbox').select('id').execute()).resolves.toEqual([]);
        // @ts-expect-error the outbox's view names no feature's table
        expect(() => outbox.deleteFrom('quote_requests')).not.toThrow();
      });
    } finally {
      await stores.close();
    }
  });
});
