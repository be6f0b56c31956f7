import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { testConfig } from '../test/test-app.ts';
import { databaseContent, rechunk } from './attachment-content.ts';
import { ATTACHMENT_CHUNK_BYTES } from './attachment-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function* pieces(content: Buffer, size: number) {
  for (let at = 0; at < content.length; at += size) yield content.subarray(at, at + size);
}

async function collect(content: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return chunks;
}

describe('a file kept in the database', () => {
  it('is cut into equal chunks whatever sizes it arrives in', async () => {
    const content = randomBytes(1000);
    const chunks = await collect(rechunk(pieces(content, 7), 300));
    expect(chunks.map((chunk) => chunk.length)).toEqual([300, 300, 300, 100]);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('reads back byte for byte, chunk by chunk, and goes with its lead', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    const lead = await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
    const content = randomBytes(2 * ATTACHMENT_CHUNK_BYTES + 12_345);
    const files = databaseContent(storage.db);

    const id = await storage.write.run(async (trx) => {
      const row = await tablesOf<AttachmentTables>(trx)
        .insertInto('lead_attachments')
        .values({
          quote_request_id: lead.id,
          position: 0,
          name: 'brief.pdf',
          size: content.length,
          media_type: 'application/pdf',
          sha256: '',
          scan: 'not-scanned',
          scan_result: null,
          scanned_at: null,
          scan_claimed_until: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await files.write(trx, row.id, pieces(content, 65_536))).toBe(content.length);
      return row.id;
    });

    const chunks = await collect(files.read(id));
    expect(chunks).toHaveLength(3);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);

    await storage.write.run((trx) =>
      tablesOf<LeadTables>(trx).deleteFrom('quote_requests').where('id', '=', lead.id).execute(),
    );
    expect(await collect(files.read(id))).toEqual([]);
    expect(
      await tablesOf<AttachmentTables>(storage.db).selectFrom('lead_attachments').selectAll().execute(),
    ).toEqual([]);
  });
});
