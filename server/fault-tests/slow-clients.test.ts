/**
 * Fault 6: slow and broken clients. One that trickles its headers or its body
 * (a slowloris) or says nothing at all is cut off by the timeouts
 * (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS); a
 * body over the limit is refused before it is read; and an upload that is cut
 * off leaves nothing behind.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { multipart, validQuote } from '../test/form-request.ts';
import { rawRequest } from '../test/quote-client.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const TIMEOUTS = {
  HTTP_HEADERS_TIMEOUT_MS: '500',
  HTTP_REQUEST_TIMEOUT_MS: '1000',
  HTTP_IDLE_TIMEOUT_MS: '1500',
};

async function listeningApp() {
  const lines: string[] = [];
  const { app } = await testApp({
    env: TIMEOUTS,
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const errors = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
  return { app, base, port, errors };
}

interface Conversation {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with how long the connection lasted, once the server closes it. */
  closed: Promise<number>;
}

function open(port: number): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset shows as the close
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** Writes `piece()` every `everyMs` until the connection closes. */
function trickle(conversation: Conversation, piece: () => string, everyMs = 100) {
  const timer = setInterval(() => {
    if (!conversation.socket.destroyed) conversation.socket.write(piece());
  }, everyMs);
  void conversation.closed.finally(() => clearInterval(timer));
}

const leadCount = async (app: Awaited<ReturnType<typeof listeningApp>>['app']) => ({
  leads: (await tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').select('id').execute())
    .length,
  outbox: (await tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').select('id').execute()).length,
});

/** After each fault: the server still serves pages and takes a quote, and nothing else was stored. */
async function expectHealthy(server: Awaited<ReturnType<typeof listeningApp>>) {
  expect((await rawRequest(`${server.base}/`)).status).toBe(200);
  const body = await multipart(validQuote);
  const reply = await rawRequest(`${server.base}/api/quote`, {
    method: 'POST',
    headers: { ...body.headers, accept: 'text/plain' },
    body: body.payload,
  });
  expect(reply).toMatchObject({ status: 200, body: 'success' });
  expect(await leadCount(server.app)).toEqual({ leads: 1, outbox: 1 });
  expect(server.errors()).toEqual([]);
}

describe('slow and broken clients', () => {
  it('cuts off a client that sends its headers a line at a time (slowloris) with 408', async () => {
    const server = await listeningApp();
    const client = await open(server.port);
    client.socket.write('POST /api/quote HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let line = 0;
    trickle(client, () => `X-Slow-${line++}: still typing\r\n`);

    const lasted = await client.closed;
    expect(lasted).toBeGreaterThanOrEqual(450); // the headers timeout, not some other refusal
    expect(lasted).toBeLessThan(5_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // In plain words, with the security headers of every answer.
    expect(client.received()).toMatch(/\r\nstrict-transport-security: max-age=\d+/i);
    expect(client.received()).toMatch(/\r\n\r\nRequest timeout: the request was not sent in time\.\n$/);
    await expectHealthy(server);
  }, 20_000);

  it('cuts off a client that sends its body a few bytes at a time with 408, and stores nothing', async () => {
    const server = await listeningApp();
    const body = await multipart(validQuote);
    const client = await open(server.port);
    client.socket.write(
      `POST /api/quote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${body.headers['content-type']}\r\n` +
        `Content-Length: ${body.payload.length}\r\n\r\n`,
    );
    let offset = 0;
    trickle(client, () => body.payload.subarray(offset, (offset += 4)).toString('latin1'));

    const lasted = await client.closed;
    expect(lasted).toBeGreaterThanOrEqual(900); // the request timeout
    expect(lasted).toBeLessThan(5_000);
    expect(offset).toBeLessThan(body.payload.length); // it really was cut off before the end
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toMatch(/\r\nstrict-transport-security: max-age=\d+/i);
    await expectHealthy(server);
  }, 20_000);

  it('closes a connection on which nothing is ever sent', async () => {
    const server = await listeningApp();
    const client = await open(server.port);
    const lasted = await client.closed;
    expect(lasted).toBeGreaterThanOrEqual(450);
    expect(lasted).toBeLessThan(5_000);
    await expectHealthy(server);
  }, 20_000);

  it('refuses a body declared larger than the limit with 413 before a byte of it is sent', async () => {
    const server = await listeningApp();
    const client = await open(server.port);
    client.socket.write(
      'POST /api/quote HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1073741824\r\n\r\n',
    );
    // No body at all: the answer cannot have waited for it.
    const answered = Date.now();
    while (!client.received().includes('\r\n\r\n') && Date.now() - answered < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(client.received()).toContain('The quote request is too large.');
    client.socket.destroy();
    await expectHealthy(server);
  }, 20_000);

  it('leaves nothing behind when uploads are cut off half-way', async () => {
    const server = await listeningApp();
    const body = await multipart({ ...validQuote, message: 'x'.repeat(4000) });
    for (let attempt = 0; attempt < 20; attempt++) {
      const client = await open(server.port);
      client.socket.write(
        `POST /api/quote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${body.headers['content-type']}\r\n` +
          `Content-Length: ${body.payload.length}\r\n\r\n`,
      );
      client.socket.write(body.payload.subarray(0, (attempt + 1) * 100));
      await new Promise((resolve) => setTimeout(resolve, 20));
      client.socket.destroy(); // the visitor's connection drops
      await client.closed;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await leadCount(server.app)).toEqual({ leads: 0, outbox: 0 });
    await expectHealthy(server);
  }, 20_000);
});
