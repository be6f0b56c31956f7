/**
 * Fault: visitors hang up while their files are being scanned by the real clamd, twenty times in a
 * row (five 2 MB PDFs each, the connection closed as the scan of one of them starts, the first to the
 * fifth in turn). The server, its own process as in production, stays up throughout, stores none of
 * those requests, leaves no upload behind, and takes the next quote with its file scanned clean.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { openStores } from '../stores.ts';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { hasClamd, startClamdServer } from '../test/clamd-server.ts';
import { startClamdRelay } from '../test/clamd-relay.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { validQuote } from '../test/form-request.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { filesUnder, multipartWithFiles, type SentFile } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';

const MB = 1024 * 1024;
const HANG_UPS = 20;

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** Posts the quote with `files`; calls `armed` once every byte is written; resolves with the answer at the close. */
async function post(port: number, files: SentFile[], armed: (hangUp: () => void) => void = () => {}) {
  const body = await multipartWithFiles(validQuote, files);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  socket.write(
    `POST /api/quote HTTP/1.1\r\nHost: www.acme.test\r\nAccept: text/plain\r\nConnection: close\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
  );
  socket.write(body.payload, () => armed(() => socket.destroy()));
  return closed;
}

const fivePdfs = (): SentFile[] =>
  Array.from({ length: 5 }, (_, i) => [
    `brief-${i + 1}.pdf`,
    Buffer.concat([SAMPLE_FILES.pdf, randomBytes(2 * MB)]),
  ]);

describe.skipIf(!hasClamd)('visitors hanging up while clamd scans their files', () => {
  it(`leaves the server up and answering after ${HANG_UPS} of them`, async () => {
    const clamd = await startClamdServer();
    stops.push(clamd.stop);
    const relay = await startClamdRelay(clamd.url);
    stops.push(relay.close);
    const dir = tempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'data', 'site.db'),
      ...(testDatabase === 'postgres' ? { DATABASE_URL: postgresDatabaseFor(dir) } : {}),
      MAIL_DIR: join(dir, 'data', 'mail'),
      SITE_URL: 'https://www.acme.test',
      RATE_LIMIT_MAX: '1000',
      CLAMD_URL: relay.url,
      TMPDIR: tmp,
    };
    const server = await startServer({ env });
    stops.push(() => stopServer(server));
    const port = Number(new URL(server.url).port);
    let exited = false;
    void server.exited.then(() => (exited = true));

    let hangUpAt = () => Infinity;
    relay.onConnection((count) => {
      if (count >= hangUpAt()) hangUp();
    });
    let hangUp = () => {};
    for (let round = 0; round < HANG_UPS; round++) {
      const first = relay.connections() + 1;
      const at = first + (round % 5);
      await post(port, fivePdfs(), (close) => {
        hangUp = close;
        hangUpAt = () => at;
        // The scan it waited for may have started before the last byte's callback.
        if (relay.connections() >= at) close();
      });
      hangUpAt = () => Infinity;
      expect(exited, server.output().slice(-2000)).toBe(false);
    }

    const uploads = join(tmp, `quote-uploads-${userInfo().uid}`);
    await expect.poll(() => filesUnder(uploads), { timeout: 10_000 }).toEqual([]);
    const answer = await post(port, [['brief.pdf', SAMPLE_FILES.pdf]]);
    expect(answer).toContain(QUOTE_SUCCESS_REPLY);
    expect(exited).toBe(false);
    expect(server.output()).not.toMatch(/ENOENT|uncaught|second error/i);
    expect((await stopServer(server)).code).toBe(0);

    const stores = await openStores(testConfig({}, dir));
    try {
      const files = await tablesOf<AttachmentTables>(stores.storage.db)
        .selectFrom('lead_attachments')
        .select(['name', 'scan'])
        .execute();
      expect(files).toEqual([{ name: 'brief.pdf', scan: 'clean' }]);
    } finally {
      await stores.close();
    }
  }, 180_000);
});
