/**
 * A visitor who hangs up while the files are scanned, and a clamd that never answers: the server
 * stays up, the files stay until the handler is done, one deadline covers the whole scan, and the
 * visitor always gets an answer while they wait.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { REQUEST_SCAN_DEADLINE_MS } from '../attachments/lead-files-intake.ts';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { hasClamd, startClamdServer, type ClamdServer } from '../test/clamd-server.ts';
import { startClamdRelay, type ClamdRelay } from '../test/clamd-relay.ts';
import { validQuote } from '../test/form-request.ts';
import { parseRawAnswer } from '../test/raw-socket.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { filesUnder, injectWithFiles, multipartWithFiles, type SentFile } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { LeadTables } from './quote-tables.ts';

const MB = 1024 * 1024;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function listeningApp(clamdUrl: string) {
  const uploadRoot = tempDir();
  const { app } = await testApp({ env: { CLAMD_URL: clamdUrl }, uploadRoot });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, port, uploadRoot };
}

async function relayTo(target?: ClamdServer): Promise<ClamdRelay> {
  const relay = await startClamdRelay(target?.url);
  stops.push(relay.close);
  return relay;
}

/** Five 2 MB PDFs, clean: the red team's quote. */
const fivePdfs = (): SentFile[] =>
  Array.from({ length: 5 }, (_, i) => [
    `brief-${i + 1}.pdf`,
    Buffer.concat([SAMPLE_FILES.pdf, randomBytes(2 * MB)]),
  ]);

/** A browser's post of the quote with these files over its own connection; `answer` once it closes. */
async function post(port: number, files: SentFile[]) {
  const body = await multipartWithFiles(validQuote, files);
  const head = [
    'POST /api/quote HTTP/1.1',
    'Host: localhost',
    'Origin: http://localhost',
    'Sec-Fetch-Site: same-origin',
    'Accept: text/plain',
    'Connection: close',
    `Content-Type: ${body.headers['content-type']}`,
    `Content-Length: ${body.payload.length}`,
    '',
    '',
  ].join('\r\n');
  const socket: Socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  socket.write(body.payload);
  return { socket, closed, received: () => received };
}

/** Lets real I/O run (the clock is fake) until `done`, for at most `ms` of real time. */
async function settle(done: () => boolean, ms = 15_000) {
  const started = performance.now();
  while (!done() && performance.now() - started < ms) await new Promise((resolve) => setImmediate(resolve));
}

/** The start-up log pings clamd once (helper-services.ts): the connections counted after it are scans. */
async function startUpPing(relay: ClamdRelay): Promise<number> {
  await settle(() => relay.connections() >= 1, 2_000);
  return relay.connections();
}

async function leadsAndFiles(app: Awaited<ReturnType<typeof listeningApp>>['app']) {
  const leads = await tablesOf<LeadTables>(app.storage.db)
    .selectFrom('quote_requests')
    .select('id')
    .execute();
  const files = await tablesOf<AttachmentTables>(app.storage.db)
    .selectFrom('lead_attachments')
    .select(['name', 'scan'])
    .execute();
  return { leads: leads.length, files };
}

describe.skipIf(!hasClamd)('a visitor who hangs up while the real clamd scans their files', () => {
  it('stops the request: the server stays up, nothing is stored, the files go, and the next quote is taken', async () => {
    const clamd = await startClamdServer();
    stops.push(clamd.stop);
    const relay = await relayTo(clamd);
    const { app, port, uploadRoot } = await listeningApp(relay.url);

    // Five 2 MB PDFs, the connection closed as the scan of the first one starts (the red team's
    // 50–100 ms after the last byte): the files were removed under the scan, and the process died.
    const sent = await post(port, fivePdfs());
    relay.onConnection(() => sent.socket.destroy());
    await sent.closed;

    await expect.poll(() => filesUnder(uploadRoot), { timeout: 10_000 }).toEqual([]);
    expect(await leadsAndFiles(app)).toEqual({ leads: 0, files: [] });
    // The handler stopped with its client: the other files were never sent to clamd.
    expect(relay.connections()).toBeLessThan(5);

    const next = await injectWithFiles(app, [['brief.pdf', SAMPLE_FILES.pdf]]);
    expect(next.body).toBe(QUOTE_SUCCESS_REPLY);
    expect((await leadsAndFiles(app)).files).toEqual([{ name: 'brief.pdf', scan: 'clean' }]);
  }, 30_000);
});

describe('a clamd that takes connections and never answers', { timeout: 20_000 }, () => {
  it('gets the visitor an answer at the one deadline of the whole scan, every file kept "pending"', async () => {
    const relay = await relayTo();
    const { app, port, uploadRoot } = await listeningApp(relay.url);
    const atStart = await startUpPing(relay);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    // An ordinary five-file quote, from a visitor who would give up at 30 s.
    const sent = await post(port, fivePdfs());
    await settle(() => relay.bytesReceived() > 2 * MB);
    // The deadline counts from the request's start (the upload took a little of it, in real time).
    await vi.advanceTimersByTimeAsync(REQUEST_SCAN_DEADLINE_MS - 1_000);
    await settle(() => sent.received() !== '', 200);
    expect(sent.received()).toBe('');

    await vi.advanceTimersByTimeAsync(1_000);
    await settle(() => sent.received().endsWith(QUOTE_SUCCESS_REPLY));
    const answer = parseRawAnswer(sent.received());
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(QUOTE_SUCCESS_REPLY);
    const stored = await leadsAndFiles(app);
    expect(stored.leads).toBe(1);
    expect(stored.files.map((file) => file.scan)).toEqual(Array(5).fill('pending'));
    // One deadline for all: the files after the first were not each given their own wait.
    expect(relay.connections() - atStart).toBe(1);
    await sent.closed;
    await settle(() => filesUnder(uploadRoot).length === 0);
    expect(filesUnder(uploadRoot)).toEqual([]);
  });

  it('stops the request of a visitor who hangs up while it waits: nothing stored, the files go, the server answers', async () => {
    const relay = await relayTo();
    const { app, port, uploadRoot } = await listeningApp(relay.url);
    const atStart = await startUpPing(relay);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    const sent = await post(port, fivePdfs());
    await settle(() => relay.bytesReceived() > 2 * MB);
    await vi.advanceTimersByTimeAsync(5_000);
    sent.socket.destroy();
    await sent.closed;
    await settle(() => filesUnder(uploadRoot).length === 0);

    expect(filesUnder(uploadRoot)).toEqual([]);
    expect(await leadsAndFiles(app)).toEqual({ leads: 0, files: [] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(relay.connections() - atStart).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
