import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EICAR, hasClamd, startClamdServer, type ClamdServer } from '../test/clamd-server.ts';
import { CLAMD_TIMEOUT_MS, clamdEndpoint, createClamdScanner } from './clamd-scanner.ts';

async function* pieces(content: Buffer, size: number) {
  for (let at = 0; at < content.length; at += size) yield content.subarray(at, at + size);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('clamd addresses', () => {
  it('reads tcp://host:port and unix:/path as CLAMD_URL gives them', () => {
    expect(clamdEndpoint('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(clamdEndpoint('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(clamdEndpoint('unix:/run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
  });
});

describe.skipIf(!hasClamd)('the scanner over a real clamd', () => {
  let clamd: ClamdServer;
  beforeAll(async () => {
    clamd = await startClamdServer({ streamMaxBytes: 1024 * 1024 });
  }, 60_000);
  afterAll(() => clamd?.stop());

  it('passes a plain text file as clean, over TCP and over the local socket', async () => {
    const text = Buffer.from('A brief: a new website, three pages, by March.\n'.repeat(2000));
    expect(await createClamdScanner(clamd.url).scan(pieces(text, 7_000))).toEqual({ outcome: 'clean' });
    expect(await createClamdScanner(clamd.socketUrl).scan(pieces(text, 65_536))).toEqual({
      outcome: 'clean',
    });
    expect(await createClamdScanner(clamd.url).ping()).toBe(true);
  });

  it('finds EICAR and names its signature, however the content is cut', async () => {
    const verdict = await createClamdScanner(clamd.url).scan(pieces(EICAR, 10));
    expect(verdict).toEqual({
      outcome: 'infected',
      signature: expect.stringMatching(/^Eicar-Test-Signature/),
    });
  });

  it('calls a file larger than clamd scans unavailable, never clean', async () => {
    const large = Buffer.alloc(clamd.streamMaxBytes + 512 * 1024, 'a');
    const verdict = await createClamdScanner(clamd.url).scan(pieces(large, 256 * 1024));
    // clamd says so, then closes; should its reset overtake its words, the reason is the reset.
    expect(verdict).toEqual({
      outcome: 'unavailable',
      reason: expect.stringMatching(/size limit|ECONNRESET|EPIPE/),
    });
  });

  it('calls a file whose content cannot be read unavailable, and does not reject', async () => {
    async function* broken() {
      yield Buffer.from('the first chunk');
      throw new Error('database unavailable');
    }
    expect(await createClamdScanner(clamd.url).scan(broken())).toEqual({
      outcome: 'unavailable',
      reason: expect.stringMatching(/could not be read.*database unavailable/),
    });
  });

  it('answers unavailable at once when clamd is down, without waiting for the deadline', async () => {
    await clamd.kill();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the deadline cannot pass
    const scanner = createClamdScanner(clamd.url);
    expect(await scanner.scan(pieces(Buffer.from('hello'), 5))).toEqual({
      outcome: 'unavailable',
      reason: expect.stringMatching(/unreachable/),
    });
    expect(await scanner.ping()).toBe(false);
  });
});

describe('a clamd that accepts and never answers', () => {
  let server: Server;
  const connections: Socket[] = [];
  afterEach(async () => {
    for (const socket of connections.splice(0)) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives the scan up at once when its signal is aborted, and closes its connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the deadline cannot pass
    const closed = new Promise<void>((resolve) => {
      server = createServer((socket) => {
        connections.push(socket);
        socket.resume();
        socket.on('close', () => resolve());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const stop = new AbortController();
    const verdict = createClamdScanner(`tcp://127.0.0.1:${port}`).scan(
      pieces(Buffer.from('hello'), 5),
      stop.signal,
    );
    while (connections.length === 0) await new Promise((resolve) => setImmediate(resolve));
    stop.abort(new Error('the visitor left'));
    expect(await verdict).toEqual({
      outcome: 'unavailable',
      reason: 'the scan was stopped: the visitor left',
    });
    await closed;
    // Already aborted: no connection at all.
    expect(
      await createClamdScanner(`tcp://127.0.0.1:${port}`).scan(pieces(Buffer.from('x'), 1), stop.signal),
    ).toEqual({ outcome: 'unavailable', reason: 'the scan was stopped: the visitor left' });
    expect(connections).toHaveLength(1);
  });

  it('gets unavailable at the deadline, and its connection is closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let received = 0;
    const closed = new Promise<void>((resolve) => {
      server = createServer((socket) => {
        connections.push(socket);
        socket.on('data', (data: Buffer) => (received += data.length));
        socket.on('close', () => resolve());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };

    let settled = false;
    const verdict = createClamdScanner(`tcp://127.0.0.1:${port}`)
      .scan(pieces(Buffer.from('hello'), 5))
      .finally(() => (settled = true));
    // The whole exchange reached the server: command, one chunk, the end mark.
    // (Not vi.waitFor: under fake timers it moves the clock.)
    while (received < 'zINSTREAM\0'.length + 4 + 5 + 4) await new Promise((resolve) => setImmediate(resolve));
    vi.advanceTimersByTime(CLAMD_TIMEOUT_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await verdict).toEqual({ outcome: 'unavailable', reason: expect.stringMatching(/no answer/) });
    await closed;
  });
});
