import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { SECURITY_HEADERS } from './security-headers.ts';

/** What a client reads when Node refuses its request before Fastify sees it. */
function answerTo(code: string): { status: number; text: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, text: 'Request timeout: the request was not sent in time.\n' };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      text: 'Request header fields too large: send fewer or shorter headers (cookies, say).\n',
    };
  }
  return { status: 400, text: 'Bad request: this request cannot be read.\n' };
}

/**
 * Fastify's clientErrorHandler: a request Node cannot parse (a garbage
 * request line, a target that is no path, headers over 16 KiB) or a client
 * too slow to send it (the timeouts) is answered, instead of with Fastify's
 * bare JSON, in plain text with the security headers of every response, and
 * the connection is closed. Nothing of the request (it may hold a token) is
 * logged or echoed, only Node's error code.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection, or one already closed: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, text } = answerTo(error.code);
  this.log.debug({ code: error.code, status }, 'request refused before parsing');
  if (socket.writable) {
    const headers: Record<string, string> = {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      connection: 'close',
      ...SECURITY_HEADERS,
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${text}`);
  }
  socket.destroy(error);
}
