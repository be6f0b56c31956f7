import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { migratedTo } from '../test/migrated-to.ts';
import { testConfig } from '../test/test-app.ts';
import { tempDir } from '../test/temp-dir.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

describe(`the upgrade that keeps who an answer is from, on ${testDatabase}`, () => {
  it("marks the answers already stored from another address than their lead's; replies and reports stay unmarked", async () => {
    const config = testConfig({}, tempDir());
    await migratedTo(config.database, '2026-11-30-120-outbox-due-by-lane-only', async (db) => {
      await sql`insert into quote_requests (created_at, name, email, phone, message, source_page, reference)
        values ('2026-11-30T10:00:00.000Z', 'Priya', 'Priya@Company.in', '', 'A site', '/', 'Q-7F3K9C')`.execute(
        db,
      );
      const message = (id: number, direction: string, kind: string, from: string) =>
        sql`insert into lead_messages (quote_request_id, direction, kind, message_id, author_email, author_name,
          subject, body_text, created_at) values ((select id from quote_requests), ${direction}, ${kind},
          ${`<m${id}@x>`}, ${from}, '', 'Re', 'text', '2026-11-30T11:00:00.000Z')`.execute(db);
      await message(1, 'out', 'reply', 'ravi@acme.test');
      await message(2, 'in', 'answer', 'priya@company.in');
      await message(3, 'in', 'answer', 'mallory@elsewhere.example');
      await message(4, 'in', 'bounce', 'mailer-daemon@mx.acme.test');
    });
    const stores = await openStores(config);
    opened.push(stores);
    const rows = await tablesOf<ConversationTables>(stores.storage.db)
      .selectFrom('lead_messages')
      .select(['message_id', 'sender_is_lead', 'sender_dmarc'])
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => [row.message_id, row.sender_is_lead === null ? null : Number(row.sender_is_lead)]),
    ).toEqual([
      ['<m1@x>', null],
      ['<m2@x>', 1],
      ['<m3@x>', 0],
      ['<m4@x>', null],
    ]);
    expect(rows.every((row) => row.sender_dmarc === null)).toBe(true);
  });
});
