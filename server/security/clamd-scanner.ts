import { connect, type NetConnectOpts, type Socket } from 'node:net';
import { flagsFilesOverLimits } from './clamd-limits.ts';
import type { ScanVerdict, VirusScanner } from './virus-scanner.ts';

/**
 * The VirusScanner over clamd (ClamAV's daemon), by its own protocol: `zINSTREAM\0`, the content in
 * chunks (each a 4-byte big-endian length, then its bytes), a zero-length chunk, then one reply ending
 * in NUL. Hand-written: the protocol is these few lines, and the npm clients either buffer the file,
 * or have no deadline on the whole exchange, or pull in more than they give.
 */
export interface ClamdScanner extends VirusScanner {
  /** Whether clamd answers PING with PONG within the deadline (readiness); never rejects. */
  ping(): Promise<boolean>;
  /**
   * Sends a harmless file over clamd's limits (clamd-limits.ts): true when clamd flags it
   * (`AlertExceedsMax yes`), false when it passes it as clean, undefined when it gave no verdict.
   * Never rejects; the answer is kept in limitsFlagged.
   */
  checkLimits(): Promise<boolean | undefined>;
  /** The last answer checkLimits() got: undefined until clamd gave one (for /readyz). */
  readonly limitsFlagged: boolean | undefined;
}

export interface ClamdScannerOptions {
  /** One deadline for a whole exchange, connection to reply; after it the socket is destroyed. */
  timeoutMs?: number;
}

export const CLAMD_TIMEOUT_MS = 30_000;

/** Where clamd listens: tcp://host:port (TCPSocket) or unix:/path (LocalSocket), as config checks it. */
export function clamdEndpoint(url: string): NetConnectOpts {
  const parsed = new URL(url);
  if (parsed.protocol === 'unix:') return { path: decodeURIComponent(parsed.pathname) };
  if (parsed.protocol !== 'tcp:' || !parsed.port) throw new Error(`Not a clamd address: ${url}`);
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port) };
}

type Exchange = { reply: string } | { failure: string };

/** What clamd's reply to INSTREAM means. */
function verdictOf(exchange: Exchange): ScanVerdict {
  if ('failure' in exchange) return { outcome: 'unavailable', reason: exchange.failure };
  const { reply } = exchange;
  if (reply === 'stream: OK') return { outcome: 'clean' };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  if (found?.[1]) return { outcome: 'infected', signature: found[1] };
  return { outcome: 'unavailable', reason: `clamd answered: ${reply}` };
}

/** Resolves once the socket can take more, or is gone. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.once('drain', done);
    socket.once('close', done);
  });
}

/** Sends a command, then (for INSTREAM) the content in framed chunks and the end mark. */
async function send(socket: Socket, command: string, content: AsyncIterable<Uint8Array> | undefined) {
  socket.write(`z${command}\0`);
  if (!content) return;
  for await (const piece of content) {
    if (socket.destroyed) return; // answered (a size limit) or given up: stop reading the content
    if (piece.byteLength === 0) continue; // a zero length would end the stream early
    const length = Buffer.alloc(4);
    length.writeUInt32BE(piece.byteLength);
    socket.write(length);
    if (!socket.write(piece)) await drained(socket);
  }
  if (!socket.destroyed) socket.write(Buffer.alloc(4));
}

/** Why a scan was given up: the reason its signal was aborted with. */
function stoppedBecause(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  return `the scan was stopped: ${reason instanceof Error ? reason.message : String(reason)}`;
}

/** One exchange with clamd under one deadline (and `signal`, which gives it up at once); resolves to its reply or why there is none. */
function converse(
  endpoint: NetConnectOpts,
  timeoutMs: number,
  command: string,
  content?: AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
): Promise<Exchange> {
  if (signal?.aborted) return Promise.resolve({ failure: stoppedBecause(signal) });
  return new Promise((resolve) => {
    const socket = connect(endpoint);
    let received = Buffer.alloc(0);
    const stop = () => finish({ failure: stoppedBecause(signal) });
    const finish = (exchange: Exchange) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      socket.destroy();
      resolve(exchange);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const replied = (failure: string): Exchange =>
      received.length > 0 ? { reply: received.toString('utf8').trim() } : { failure };
    const timer = setTimeout(
      () => finish({ failure: `clamd gave no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf(0);
      if (end >= 0) finish({ reply: received.subarray(0, end).toString('utf8').trim() });
    });
    socket.on('error', (error) => finish(replied(`clamd unreachable: ${error.message}`)));
    socket.on('close', () => finish(replied('clamd closed the connection without an answer')));
    socket.once('connect', () => {
      send(socket, command, content).catch((error: unknown) =>
        finish({ failure: `the content could not be read: ${String(error)}` }),
      );
    });
  });
}

/** The scanner for CLAMD_URL. Never rejects: clamd down, slow or refusing the file is `unavailable`. */
export function createClamdScanner(url: string, options: ClamdScannerOptions = {}): ClamdScanner {
  const endpoint = clamdEndpoint(url);
  const timeoutMs = options.timeoutMs ?? CLAMD_TIMEOUT_MS;
  let limitsFlagged: boolean | undefined;
  const scanner: ClamdScanner = {
    async scan(content, signal) {
      return verdictOf(await converse(endpoint, timeoutMs, 'INSTREAM', content, signal));
    },
    async ping() {
      const exchange = await converse(endpoint, timeoutMs, 'PING');
      return 'reply' in exchange && exchange.reply === 'PONG';
    },
    async checkLimits() {
      const flagged = await flagsFilesOverLimits(scanner);
      if (flagged !== undefined) limitsFlagged = flagged;
      return flagged;
    },
    get limitsFlagged() {
      return limitsFlagged;
    },
  };
  return scanner;
}
