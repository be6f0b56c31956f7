import type { QueryCreator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Database } from '../db/database-tables.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { insertManyWithEmail } from './insert-many-with-email.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const at = new Date('2026-11-29T10:00:00.000Z');
const lead = (reference: string) => ({
  ...sampleQuote(),
  created_at: at.toISOString(),
  source_page: '/contact',
  spam: 0,
  spam_at: null,
  reference,
});
const insertLeads = (references: readonly string[]) => (db: QueryCreator<Database>) =>
  tablesOf<LeadTables>(db)
    .insertInto('quote_requests')
    .values(references.map(lead))
    .onConflict((conflict) => conflict.column('reference').doNothing())
    .returning(['id', 'reference as key']);
const notification = (recipient: string, messageId: string) => ({
  kind: 'notification',
  recipient,
  messageId,
  ownerType: 'lead',
  at,
});

// A statement only PostgreSQL runs (an INSERT inside WITH): storage.insertsInWith.
describe.skipIf(testDatabase !== 'postgres')('records and their emails in one statement', () => {
  it('gives each record its id in the order given, and undefined for one the insert skipped', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const taken = await stores.storage.write.run((trx) =>
      insertManyWithEmail(trx, insertLeads(['Q-TAKEN1']), [
        { key: 'Q-TAKEN1', email: notification('sales@acme.test', '<a@acme.test>') },
      ]),
    );
    const written = await stores.storage.write.run((trx) =>
      insertManyWithEmail(trx, insertLeads(['Q-NEW001', 'Q-TAKEN1', 'Q-NEW002']), [
        { key: 'Q-NEW001', email: notification('sales@acme.test', '<b@acme.test>') },
        { key: 'Q-TAKEN1', email: notification('sales@acme.test', '<c@acme.test>') },
        { key: 'Q-NEW002', email: notification('sales@acme.test', '<d@acme.test>') },
      ]),
    );

    const leads = await tablesOf<LeadTables>(stores.storage.db)
      .selectFrom('quote_requests')
      .select(['id', 'reference'])
      .execute();
    const idOf = (reference: string) => leads.find((row) => row.reference === reference)?.id;
    expect(taken).toEqual([{ id: idOf('Q-TAKEN1'), reads: [] }]);
    expect(written).toEqual([
      { id: idOf('Q-NEW001'), reads: [] },
      undefined,
      { id: idOf('Q-NEW002'), reads: [] },
    ]);
    const emails = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select(['message_id', 'owner_id'])
      .orderBy('message_id')
      .execute();
    expect(emails).toEqual([
      { message_id: '<a@acme.test>', owner_id: idOf('Q-TAKEN1') },
      { message_id: '<b@acme.test>', owner_id: idOf('Q-NEW001') },
      { message_id: '<d@acme.test>', owner_id: idOf('Q-NEW002') },
    ]);
  });

  it('writes nothing when the emails differ in more than their Message-ID and time', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const written = await stores.storage.write.run((trx) =>
      insertManyWithEmail(trx, insertLeads(['Q-ONE001', 'Q-TWO002']), [
        { key: 'Q-ONE001', email: notification('sales@acme.test', '<e@acme.test>') },
        { key: 'Q-TWO002', email: notification('owner@acme.test', '<f@acme.test>') },
      ]),
    );
    expect(written).toEqual([undefined, undefined]);
    expect(
      await tablesOf<LeadTables>(stores.storage.db).selectFrom('quote_requests').select('id').execute(),
    ).toEqual([]);
    expect(
      await tablesOf<OutboxTables>(stores.storage.db).selectFrom('outbox').select('id').execute(),
    ).toEqual([]);
  });
});
