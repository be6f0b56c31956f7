/**
 * `npm run db:copy` and the leads' files: their content (attachment_chunks' blobs) arrives in
 * PostgreSQL byte for byte, read a row at a time and written in batches bounded in bytes.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { Config } from '../config/config.ts';
import { runDatabaseCopy } from '../ops/db-copy-command.ts';
import { COPY_BATCH_BYTES, rowBatches } from '../ops/database-copy.ts';
import { derivedTables, migrations, openStores } from '../stores.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { storeAttachment } from '../test/stored-attachment.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';

const CHUNK = 256 * 1024;

describe('the copy’s batches', () => {
  it('hold a few large rows at a time, however many rows a batch may hold', () => {
    const rows = Array.from({ length: 40 }, (_, seq) => [1, seq, Buffer.alloc(CHUNK)]);
    const batches = [...rowBatches(rows, { maxRows: 500 })];
    expect(batches.map((batch) => batch.length)).toEqual([16, 16, 8]);
    for (const batch of batches) expect(batch.length * CHUNK).toBeLessThanOrEqual(COPY_BATCH_BYTES);
    expect(batches.flat()).toEqual(rows);
    // Small rows: the row limit, as before.
    expect(
      [
        ...rowBatches(
          Array.from({ length: 1200 }, (_, id) => [id]),
          { maxRows: 500 },
        ),
      ].map((b) => b.length),
    ).toEqual([500, 500, 200]);
  });
});

async function collect(content: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A SQLite site with two leads: one with a 5 MB file and a small one, one without. */
async function sqliteSiteWithFiles() {
  const config = testConfig();
  const sqlite: Config = { ...config, database: { ...config.database, url: undefined } };
  const stores = await openStores(sqlite);
  const files = [
    { name: 'Brief – final.pdf', content: randomBytes(5 * 1024 * 1024 + 777) },
    { name: 'notes.txt', content: Buffer.from('Budget: ₹5 lakh\n') },
  ];
  try {
    const lead = await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
    await stores.leads.store({ request: sampleQuote({ name: 'Ravi' }), sourcePage: '/', spam: false });
    for (const [position, file] of files.entries())
      await storeAttachment(stores.storage, lead.id, { ...file, position });
  } finally {
    await stores.close();
  }
  return { sqlite, files };
}

describe.skipIf(testDatabase !== 'postgres')('npm run db:copy with files', () => {
  it('copies every file byte for byte, and the copy then serves them', async () => {
    const { sqlite, files } = await sqliteSiteWithFiles();
    const to = postgresDatabaseFor(tempDir());
    let out = '';
    let err = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
    expect(await runDatabaseCopy(['--to', to], sqlite, io, { migrations, derivedTables }), err).toBe(0);
    expect(out).toMatch(/^lead_attachments +2 +2$/m);
    expect(out).toMatch(/^attachment_chunks +22 +22$/m);

    const copied = await openStores({ ...sqlite, database: { ...sqlite.database, url: to } });
    try {
      const read = leadFilesRead(copied.storage.db);
      const listed = await read.ofLead(1);
      expect(listed.map(({ name, size }) => ({ name, size }))).toEqual(
        files.map(({ name, content }) => ({ name, size: content.length })),
      );
      for (const [index, file] of listed.entries()) {
        const download = await read.download(1, file.id);
        if (!download) throw new Error(`${file.name} was not copied`);
        expect((await collect(download.content)).equals(files[index]?.content ?? Buffer.alloc(0))).toBe(true);
      }
    } finally {
      await copied.close();
    }
  }, 60_000);
});
