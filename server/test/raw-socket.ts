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
