import { connect } from 'node:net';

/**
 * Writes `text` to a new connection exactly as given (a request target no
 * HTTP client would send: absolute form, dot segments, garbage) and resolves
 * with everything the server sent back, once it closes the connection.
 */
export function sendRaw(port: number, text: string | Buffer, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no close within ${timeoutMs} ms`)));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    socket.on('close', () => resolve(received));
  });
}

/** A request with `Connection: close`, so the server's answer ends with the connection. */
export function rawRequestText(method: string, target: string, host = 'www.acme.test'): string {
  const length = method === 'POST' ? 'Content-Length: 0\r\n' : '';
  return `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n${length}Connection: close\r\n\r\n`;
}

/** The head of a raw answer: status, and headers by lower-case name. */
export function parseRawAnswer(answer: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const end = answer.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = answer.slice(0, end === -1 ? undefined : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end === -1 ? '' : answer.slice(end + 4),
  };
}

export interface StreamedSend {
  /** Everything the server sent back. */
  answer: string;
  /** How many bytes of the body had been written when the first byte of the answer came. */
  bodyBytesAtAnswer: number | undefined;
  /** How many bytes of the body were written in all. */
  bodyBytesSent: number;
  /** The connection ended in an error (a reset) rather than a close. */
  error: Error | undefined;
}

/**
 * Sends `head` then `body` in `chunkBytes` pieces, each once the last is flushed, as a browser
 * uploads a file; resolves once the body is all sent or the server closed the connection, and the
 * answer has come (or `timeoutMs` passed). Tells when the answer came, measured in body bytes.
 * With `pauseAfterBytes`, stops there until an answer comes, then sends the rest: an answer
 * before the body's end is then certain to be one the server sent while it was being sent.
 */
export function sendRawStreaming(
  port: number,
  head: string,
  body: Buffer,
  { chunkBytes = 64 * 1024, timeoutMs = 10_000, pauseAfterBytes = Infinity } = {},
): Promise<StreamedSend> {
  return new Promise((resolve) => {
    const result: StreamedSend = {
      answer: '',
      bodyBytesAtAnswer: undefined,
      bodyBytesSent: 0,
      error: undefined,
    };
    const socket = connect(port, '127.0.0.1');
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(finish, timeoutMs);
    let paused = false;
    socket.on('data', (chunk) => {
      result.bodyBytesAtAnswer ??= result.bodyBytesSent;
      result.answer += chunk.toString('latin1');
      if (result.bodyBytesSent >= body.length) finish();
      else if (paused) {
        paused = false;
        writeNext();
      }
    });
    socket.on('error', (error) => {
      result.error = error;
      finish();
    });
    socket.on('close', finish);
    const writeNext = () => {
      if (socket.destroyed) return;
      if (result.bodyBytesSent >= body.length) {
        if (result.answer) finish();
        return;
      }
      if (result.bodyBytesSent >= pauseAfterBytes && !result.answer) {
        paused = true;
        return;
      }
      const piece = body.subarray(result.bodyBytesSent, result.bodyBytesSent + chunkBytes);
      result.bodyBytesSent += piece.length;
      socket.write(piece, () => setImmediate(writeNext));
    };
    socket.write(head, () => writeNext());
  });
}
