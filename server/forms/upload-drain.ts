import type { IncomingMessage } from 'node:http';

export interface DrainBounds {
  /** Bytes read and thrown away at most, then the connection is closed. */
  maxBytes: number;
  /** How long at most, then the connection is closed. */
  maxMs: number;
}

/** How long the rest of a refused body is read at most (a slow phone on a long upload). */
export const DRAIN_MAX_MS = 5_000;

/**
 * Reads the rest of a body the server has refused, throwing it away, so the answer already sent
 * (a 413) reaches the browser: closing a connection the client is still writing to resets it, and
 * the browser then shows "connection reset" instead of the answer. Bounded: after `maxBytes` or
 * `maxMs` the connection is closed anyway.
 */
export function drainRefusedBody(request: IncomingMessage, bounds: DrainBounds) {
  if (request.readableEnded || request.destroyed) return;
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    request.off('data', count);
    request.destroy();
  };
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > bounds.maxBytes) stop();
  };
  const timer = setTimeout(stop, bounds.maxMs);
  timer.unref();
  request.on('data', count);
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}
