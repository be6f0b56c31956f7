/** The quote form's rate limit: checked before the body is read; refused posts have a budget of their own. */
import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { injectQuote, validQuote } from '../test/form-request.ts';
import { parseRawAnswer, sendRawStreaming } from '../test/raw-socket.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { filesUnder, injectWithFiles, multipartWithFiles } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

const MB = 1024 * 1024;

type App = Awaited<ReturnType<typeof testApp>>['app'];

const refusedFile = (app: App) => injectWithFiles(app, [['setup.pdf', SAMPLE_FILES.exe]]);
const goodFile = (app: App) => injectWithFiles(app, [['brief.pdf', SAMPLE_FILES.pdf]]);

async function leadCount(app: App) {
  return (await tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').select('id').execute())
    .length;
}

describe('a visitor whose file was refused', () => {
  it('is never told to wait when they send the corrected form: three sent, two refused files, then taken', async () => {
    // The defaults, as a new site has them: 5 quotes per 10 minutes.
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '600000' } });
    for (let index = 0; index < 3; index++) expect((await goodFile(app)).statusCode).toBe(200);
    expect((await refusedFile(app)).statusCode).toBe(415);
    expect((await refusedFile(app)).statusCode).toBe(415);

    const corrected = await goodFile(app);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.body).toBe('success');
    expect((await goodFile(app)).statusCode).toBe(200);
    expect(await leadCount(app)).toBe(5);
    // The successes' budget is spent: the sixth quote waits.
    expect((await goodFile(app)).statusCode).toBe(429);
  });

  it('refused posts have their own, larger budget (four times RATE_LIMIT_MAX), then a 429 too', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '2' } });
    for (let index = 0; index < 8; index++) expect((await refusedFile(app)).statusCode).toBe(415);
    const junk = await refusedFile(app);
    expect(junk.statusCode).toBe(429);
    expect(Number(junk.headers['retry-after'])).toBeGreaterThan(500);
    expect(await leadCount(app)).toBe(0);
  });

  it('once the quotes sent have spent their budget, a refused post is answered 429 as well', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '1' } });
    expect((await injectQuote(app)).statusCode).toBe(200);
    expect((await injectQuote(app)).statusCode).toBe(429);
    expect((await refusedFile(app)).statusCode).toBe(429);
  });
});

describe('a client over its budget', () => {
  it('gets its 429 before its upload is read: no file reaches the upload folder, and no reset', async () => {
    const uploadRoot = tempDir();
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '1' }, uploadRoot });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    expect((await injectQuote(app)).statusCode).toBe(200);

    const body = await multipartWithFiles(validQuote, [
      ['big.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(8 * MB)])],
    ]);
    const head = [
      'POST /api/quote HTTP/1.1',
      'Host: localhost',
      'Origin: http://localhost',
      'Sec-Fetch-Site: same-origin',
      'Sec-Fetch-Mode: cors',
      'Accept: text/plain',
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      '',
      '',
    ].join('\r\n');
    // The client waits after 64 KB for an answer: it comes before the rest is sent.
    const sent = await sendRawStreaming(port, head, body.payload, {
      pauseAfterBytes: 64 * 1024,
      timeoutMs: 3_000,
    });

    expect(sent.bodyBytesAtAnswer).toBeLessThanOrEqual(64 * 1024);
    expect(sent.error).toBeUndefined();
    const answer = parseRawAnswer(sent.answer);
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(answer.body).toContain('Please try again in 10 minutes.');
    expect(filesUnder(uploadRoot)).toEqual([]);
    expect(await leadCount(app)).toBe(1);
  });
});
