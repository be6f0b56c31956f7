import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { ATTACHMENT_CHUNK_BYTES } from '../attachments/attachment-tables.ts';
import { openStores } from '../stores.ts';
import { runLeads } from '../test/operator-cli.ts';
import { storeAttachment } from '../test/stored-attachment.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { LeadTables } from './quote-tables.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** Three leads, each with a file of two chunks: Priya's, Ravi's (spam since January) and Anil's. */
async function leadsWithFiles() {
  const config = testConfig();
  const stores = await openStores(config);
  opened.push(stores);
  const ids: Record<string, number> = {};
  for (const [name, email] of [
    ['Priya', 'Priya@Company.in'],
    ['Ravi', 'ravi@dairy.in'],
    ['Anil', 'anil@shop.in'],
  ] as const) {
    const lead = await stores.leads.store({
      request: sampleQuote({ name, email }),
      sourcePage: '/',
      spam: name === 'Ravi',
    });
    ids[name] = lead.id;
    await storeAttachment(stores.storage, lead.id, {
      name: `${name}.pdf`,
      content: randomBytes(ATTACHMENT_CHUNK_BYTES + 10),
    });
  }
  await stores.storage.write.run((trx) =>
    tablesOf<LeadTables>(trx)
      .updateTable('quote_requests')
      .set({ spam_at: '2026-01-01T00:00:00.000Z' })
      .where('spam', '=', 1)
      .execute(),
  );
  return { config, stores, ids };
}

/** The files left, by name, and how many chunks of content are left in all. */
async function filesLeft(stores: Stores) {
  const { db } = stores.storage;
  const files = await tablesOf<AttachmentTables>(db)
    .selectFrom('lead_attachments')
    .select('name')
    .orderBy('name')
    .execute();
  const chunks = await tablesOf<AttachmentTables>(db)
    .selectFrom('attachment_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { names: files.map((file) => file.name), chunks: Number(chunks.n) };
}

describe("a lead's files go with it", () => {
  it('on erasure (leads delete --email): the files and their content, and nobody else’s', async () => {
    const { config, stores } = await leadsWithFiles();
    const erased = await runLeads(config, 'delete', '--email', 'priya@company.in');
    expect(erased.code).toBe(0);
    expect(await filesLeft(stores)).toEqual({ names: ['Anil.pdf', 'Ravi.pdf'], chunks: 4 });
  });

  it('when spam is purged after its retention', async () => {
    const { stores } = await leadsWithFiles();
    const purged = await stores.leads.purgeSpamOlderThan(new Date('2026-02-01T00:00:00.000Z'));
    expect(purged.ids).toHaveLength(1);
    expect(await filesLeft(stores)).toEqual({ names: ['Anil.pdf', 'Priya.pdf'], chunks: 4 });
  });

  it("with the inbox's Delete and the purge of old leads", async () => {
    const { stores, ids } = await leadsWithFiles();
    await stores.leads.remove(ids.Anil ?? -1);
    expect(await filesLeft(stores)).toEqual({ names: ['Priya.pdf', 'Ravi.pdf'], chunks: 4 });
    await stores.leads.purgeOlderThan(new Date(Date.now() + 60_000));
    expect(await filesLeft(stores)).toEqual({ names: [], chunks: 0 });
  });
});
