import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { ScanState } from '../../common/attachments.ts';
import { createClamdScanner } from '../security/clamd-scanner.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { openStores } from '../stores.ts';
import { EICAR, hasClamd, startClamdServer, type ClamdServer } from '../test/clamd-server.ts';
import { testDatabase } from '../test/database-kind.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { databaseContent } from './attachment-content.ts';
import { ATTACHMENT_CHUNK_BYTES } from './attachment-tables.ts';
import { createPendingScans, PENDING_SCAN_CLAIM_MS } from './pending-scans.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

async function* once(content: Buffer) {
  yield content;
}

const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function open(config = testConfig()): Promise<Stores> {
  const stores = await openStores(config);
  opened.push(stores);
  return stores;
}

/** A lead with one file of this content, in this scan state; resolves to the file's id. */
async function storeFile(stores: Stores, content: Buffer, scan: ScanState = 'pending'): Promise<number> {
  const lead = await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
  return stores.storage.write.run(async (trx) => {
    const row = await tablesOf<AttachmentTables>(trx)
      .insertInto('lead_attachments')
      .values({
        quote_request_id: lead.id,
        position: 0,
        name: 'Brief for Priya Sharma.txt',
        size: content.length,
        media_type: 'text/plain',
        sha256: '',
        scan,
        scan_result: null,
        scanned_at: null,
        scan_claimed_until: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await databaseContent(stores.storage.db).write(trx, row.id, once(content));
    return row.id;
  });
}

const fileRow = (stores: Stores, id: number) =>
  tablesOf<AttachmentTables>(stores.storage.db)
    .selectFrom('lead_attachments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const chunkCount = async (stores: Stores, id: number) =>
  (
    await tablesOf<AttachmentTables>(stores.storage.db)
      .selectFrom('attachment_chunks')
      .select('seq')
      .where('attachment_id', '=', id)
      .execute()
  ).length;

function logLines() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe.skipIf(!hasClamd)(`files not scanned yet, scanned when clamd answers (${testDatabase})`, () => {
  let clamd: ClamdServer;
  beforeAll(async () => {
    clamd = await startClamdServer();
  }, 60_000);
  afterAll(() => clamd?.stop());

  it('a pending clean file becomes clean; so does one kept "not scanned" before clamd was set up', async () => {
    const stores = await open();
    const clean = await storeFile(stores, randomBytes(ATTACHMENT_CHUNK_BYTES + 1000));
    const unscanned = await storeFile(stores, Buffer.from('no scanner then'), 'not-scanned');
    const { log } = logLines();
    const scans = createPendingScans({
      storage: stores.storage,
      scanner: createClamdScanner(clamd.url),
      log,
    });

    expect(await scans.runOnce()).toBe(2);
    const row = await fileRow(stores, clean);
    expect(row).toMatchObject({ scan: 'clean', scan_result: null, scan_claimed_until: null });
    expect(row.scanned_at).not.toBeNull();
    expect(await chunkCount(stores, clean)).toBe(2);
    const before = await fileRow(stores, unscanned);
    expect(before).toMatchObject({ scan: 'clean', scan_claimed_until: null });
    expect(before.scanned_at).not.toBeNull();
    expect(await scans.runOnce()).toBe(0);
  });

  it('an EICAR kept "not scanned" before clamd was set up is found: infected, its content gone', async () => {
    const stores = await open();
    const infected = await storeFile(stores, EICAR, 'not-scanned');
    const kept = await storeFile(stores, Buffer.from('A brief.'), 'not-scanned');
    const { log } = logLines();
    const scans = createPendingScans({
      storage: stores.storage,
      scanner: createClamdScanner(clamd.url),
      log,
    });

    await clamd.kill();
    expect(await scans.runOnce()).toBe(0);
    // clamd down: they stay as they were, downloadable as before.
    expect(await fileRow(stores, infected)).toMatchObject({ scan: 'not-scanned', scan_claimed_until: null });
    await clamd.start();
    expect(await scans.runOnce()).toBe(2);
    expect(await fileRow(stores, infected)).toMatchObject({
      scan: 'infected',
      scan_result: 'Eicar-Test-Signature.UNOFFICIAL',
    });
    expect(await chunkCount(stores, infected)).toBe(0);
    expect(await fileRow(stores, kept)).toMatchObject({ scan: 'clean' });
  });

  it('a pending EICAR becomes infected: its signature kept, its content gone, one log line with ids only', async () => {
    const stores = await open();
    const infected = await storeFile(stores, EICAR);
    const { log, lines } = logLines();
    const scans = createPendingScans({
      storage: stores.storage,
      scanner: createClamdScanner(clamd.url),
      log,
    });

    expect(await scans.runOnce()).toBe(1);
    expect(await fileRow(stores, infected)).toMatchObject({
      scan: 'infected',
      scan_result: 'Eicar-Test-Signature.UNOFFICIAL',
      scan_claimed_until: null,
    });
    expect(await chunkCount(stores, infected)).toBe(0);
    const { quote_request_id: leadId } = await fileRow(stores, infected);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        leadId,
        attachmentId: infected,
        signature: 'Eicar-Test-Signature.UNOFFICIAL',
      }),
    ]);
    expect(lines.join('')).not.toMatch(/Priya|Brief/);
  });

  it('stays pending while clamd is down, and is scanned once it is back', async () => {
    const stores = await open();
    const id = await storeFile(stores, Buffer.from('A brief: three pages and a contact form.'));
    const { log } = logLines();
    const scans = createPendingScans({
      storage: stores.storage,
      scanner: createClamdScanner(clamd.url),
      log,
    });

    await clamd.kill();
    expect(await scans.runOnce()).toBe(0);
    expect(await fileRow(stores, id)).toMatchObject({
      scan: 'pending',
      scanned_at: null,
      scan_claimed_until: null,
    });

    await clamd.start();
    expect(await scans.runOnce()).toBe(1);
    expect(await fileRow(stores, id)).toMatchObject({ scan: 'clean' });
  });

  it('leaves a file another instance holds, and takes it once that claim has run out (the instance died)', async () => {
    const stores = await open();
    const id = await storeFile(stores, Buffer.from('A brief.'));
    let clock = new Date('2026-03-02T10:00:00.000Z');
    await stores.storage.write.run((trx) =>
      tablesOf<AttachmentTables>(trx)
        .updateTable('lead_attachments')
        .set({ scan_claimed_until: new Date(clock.getTime() + PENDING_SCAN_CLAIM_MS).toISOString() })
        .where('id', '=', id)
        .execute(),
    );
    const { log } = logLines();
    const scanner = createClamdScanner(clamd.url);
    const scans = createPendingScans({ storage: stores.storage, scanner, log, now: () => clock });

    expect(await scans.runOnce()).toBe(0);
    expect(await fileRow(stores, id)).toMatchObject({ scan: 'pending' });
    clock = new Date(clock.getTime() + PENDING_SCAN_CLAIM_MS);
    expect(await scans.runOnce()).toBe(1);
    expect(await fileRow(stores, id)).toMatchObject({ scan: 'clean', scanned_at: clock.toISOString() });
  });

  it('two instances on one database never scan the same file twice', async () => {
    const config = testConfig({}, tempDir());
    const first = await open(config);
    // PostgreSQL: two storages, two pools, as two processes; SQLite has one writer: one storage.
    const second = testDatabase === 'postgres' ? await open(config) : first;
    const contents = Array.from({ length: 8 }, (_, index) =>
      Buffer.from(`file ${index}: ${'x'.repeat(index)}`),
    );
    const ids = [];
    for (const content of contents) ids.push(await storeFile(first, content));
    const scanned: string[] = [];
    const clamdScanner = createClamdScanner(clamd.url);
    const counting: VirusScanner = {
      async scan(content) {
        const pieces: Buffer[] = [];
        for await (const piece of content) pieces.push(Buffer.from(piece));
        scanned.push(Buffer.concat(pieces).toString());
        return clamdScanner.scan(once(Buffer.concat(pieces)));
      },
    };
    const { log } = logLines();
    const one = createPendingScans({ storage: first.storage, scanner: counting, log });
    const other = createPendingScans({ storage: second.storage, scanner: counting, log });

    const [byOne, byOther] = await Promise.all([one.runOnce(), other.runOnce()]);
    expect(byOne + byOther).toBe(contents.length);
    expect([...scanned].sort()).toEqual(contents.map(String).sort());
    for (const id of ids) expect(await fileRow(first, id)).toMatchObject({ scan: 'clean' });
  });
});

describe('the worker in the server', () => {
  it('runs only with CLAMD_URL, scanning with the clamd it names', async () => {
    const { app: without } = await testApp();
    expect(without.pendingScans).toBeUndefined();

    const config = testConfig({ CLAMD_URL: 'tcp://127.0.0.1:9' }, tempDir());
    const stores = await openStores(config);
    const id = await storeFile(stores, Buffer.from('A brief.'));
    await stores.close();
    const { app } = await testApp({ config });
    // Nothing listens on port 9 (discard): clamd is down, so the file stays pending.
    expect(await app.pendingScans?.runOnce()).toBe(0);
    const row = await tablesOf<AttachmentTables>(app.storage.db)
      .selectFrom('lead_attachments')
      .select(['scan', 'scan_claimed_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ scan: 'pending', scan_claimed_until: null });
  });

  it('stops at once while clamd keeps it waiting, and gives the file back, pending', async () => {
    const stores = await open();
    const id = await storeFile(stores, Buffer.from('A brief.'));
    const connections: Socket[] = [];
    let received = 0;
    const silentClamd = createServer((socket) => {
      connections.push(socket);
      socket.on('data', (data: Buffer) => (received += data.length));
    });
    await new Promise<void>((resolve) => silentClamd.listen(0, '127.0.0.1', resolve));
    const { port } = silentClamd.address() as { port: number };
    const { log } = logLines();
    const scans = createPendingScans({
      storage: stores.storage,
      scanner: createClamdScanner(`tcp://127.0.0.1:${port}`), // its deadline: 30 s
      log,
    });

    const pass = scans.runOnce();
    while (received === 0) await new Promise((resolve) => setImmediate(resolve));
    await scans.stop();
    expect(await pass).toBe(0);
    expect(await fileRow(stores, id)).toMatchObject({ scan: 'pending', scan_claimed_until: null });
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => silentClamd.close(resolve));
  });
});
