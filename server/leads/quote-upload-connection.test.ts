/** Uploads over a real connection: a 413 the browser can read, and a connection dropped mid-upload. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { validQuote } from '../test/form-request.ts';
import { parseRawAnswer, sendRawStreaming } from '../test/raw-socket.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { filesUnder, multipartWithFiles, type SentFile } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { LeadTables } from './quote-tables.ts';

const MB = 1024 * 1024;

async function listeningApp(env: Record<string, string> = {}) {
  const uploadRoot = tempDir();
  const { app } = await testApp({ env, uploadRoot });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, port, uploadRoot };
}

/** The head of a browser's upload: same origin, asking for text, this body's length unless given. */
function uploadHead(contentType: string, length: number) {
  return [
    'POST /api/quote HTTP/1.1',
    'Host: localhost',
    'Origin: http://localhost',
    'Sec-Fetch-Site: same-origin',
    'Sec-Fetch-Mode: cors',
    'Accept: text/plain',
    `Content-Type: ${contentType}`,
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

async function upload(files: SentFile[]) {
  const body = await multipartWithFiles(validQuote, files);
  return { body: body.payload, contentType: body.headers['content-type'] };
}

describe('a body over the limit', () => {
  it('gets its 413 while it is still being sent, naming the file, and no reset', async () => {
    const { app, port } = await listeningApp({ ATTACHMENT_MAX_FILE_MB: '1' });
    const { body, contentType } = await upload([
      ['big.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(3 * MB)])],
    ]);
    // The client waits after 2 MB (1 MB past the limit) for an answer, as a slow link would seem to.
    const sent = await sendRawStreaming(port, uploadHead(contentType, body.length), body, {
      pauseAfterBytes: 2 * MB,
    });

    expect(sent.error).toBeUndefined();
    expect(sent.bodyBytesAtAnswer).toBeLessThanOrEqual(2 * MB);
    expect(sent.bodyBytesSent).toBe(body.length);
    const answer = parseRawAnswer(sent.answer);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('attachments: big.pdf is larger than 1 MB.');
    expect(
      await tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').select('id').execute(),
    ).toEqual([]);
  });

  it('gets its 413 at once from a Content-Length over the limit, and the rest is read, not reset', async () => {
    const { port } = await listeningApp({ ATTACHMENT_MAX_TOTAL_MB: '1' });
    const { body, contentType } = await upload([
      ['big.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(2 * MB)])],
    ]);
    const sent = await sendRawStreaming(port, uploadHead(contentType, body.length), body);

    expect(sent.error).toBeUndefined();
    expect(sent.bodyBytesAtAnswer).toBeLessThan(body.length / 2);
    const answer = parseRawAnswer(sent.answer);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('The quote request is too large.');
    expect(sent.bodyBytesSent).toBe(body.length);
  });
  it('is read and thrown away only so far: past twice the limit the connection is closed', async () => {
    const { port } = await listeningApp({ ATTACHMENT_MAX_TOTAL_MB: '1' });
    const body = Buffer.alloc(40 * MB);
    const sent = await sendRawStreaming(
      port,
      uploadHead('multipart/form-data; boundary=x', body.length),
      body,
      {
        chunkBytes: 256 * 1024,
      },
    );
    expect(parseRawAnswer(sent.answer).status).toBe(413);
    // About 2.3 MB read (twice the limit), then closed; the rest never went out.
    expect(sent.bodyBytesSent).toBeLessThan(20 * MB);
  });
});

describe('a connection dropped mid-upload', () => {
  it('leaves no lead, no file row and no upload behind', async () => {
    const { app, port, uploadRoot } = await listeningApp();
    const { body, contentType } = await upload([
      ['first.pdf', SAMPLE_FILES.pdf],
      ['second.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(4 * MB)])],
    ]);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(uploadHead(contentType, body.length));
    socket.write(body.subarray(0, 2 * MB));
    // Both files have reached the upload folder: the first whole, the second in part.
    await expect.poll(() => filesUnder(uploadRoot).length).toBe(2);
    socket.destroy();

    await expect.poll(() => filesUnder(uploadRoot)).toEqual([]);
    expect(
      await tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').select('id').execute(),
    ).toEqual([]);
    expect(
      await tablesOf<AttachmentTables>(app.storage.db).selectFrom('lead_attachments').select('id').execute(),
    ).toEqual([]);
  });
});
