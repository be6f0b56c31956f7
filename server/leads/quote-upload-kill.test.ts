/**
 * kill -9 in the middle of an upload: no half lead (no lead, no file row) once the server is back,
 * and the upload the killed process left in its folder is swept when the next one starts.
 */
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { validQuote } from '../test/form-request.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { filesUnder, multipartWithFiles } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { LeadTables } from './quote-tables.ts';

const MB = 1024 * 1024;

describe('kill -9 during an upload', () => {
  it('leaves no half lead, and the next server sweeps the upload left behind', async () => {
    const dir = tempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    // The servers' upload folders (tsx keeps its cache in TMPDIR too).
    const uploads = join(tmp, `quote-uploads-${userInfo().uid}`);
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: join(dir, 'data', 'site.db'),
      ...(testDatabase === 'postgres' ? { DATABASE_URL: postgresDatabaseFor(dir) } : {}),
      MAIL_DIR: join(dir, 'data', 'mail'),
      SITE_URL: 'https://www.acme.test',
      TMPDIR: tmp,
    };
    const server = await startServer({ env });
    const { port } = new URL(server.url);
    const body = await multipartWithFiles(validQuote, [
      ['brief.pdf', SAMPLE_FILES.pdf],
      ['drawings.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(4 * MB)])],
    ]);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/quote HTTP/1.1\r\nHost: www.acme.test\r\nContent-Type: ${body.headers['content-type']}\r\n` +
        `Content-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 2 * MB));
    await expect.poll(() => filesUnder(uploads).length, { timeout: 10_000 }).toBe(2);
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    socket.destroy();
    expect(filesUnder(uploads)).toHaveLength(2);

    const restarted = await startServer({ env });
    expect(filesUnder(uploads)).toEqual([]);
    expect((await stopServer(restarted)).code).toBe(0);

    const stores = await openStores(testConfig({}, dir));
    try {
      expect(
        await tablesOf<LeadTables>(stores.storage.db).selectFrom('quote_requests').select('id').execute(),
      ).toEqual([]);
      expect(
        await tablesOf<AttachmentTables>(stores.storage.db)
          .selectFrom('lead_attachments')
          .select('id')
          .execute(),
      ).toEqual([]);
    } finally {
      await stores.close();
    }
  }, 60_000);
});
