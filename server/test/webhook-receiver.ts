import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

/**
 * An HTTP receiver on loopback for integration tests: it records each request and answers what
 * `answer` says (200 by default); `connections` counts every TCP connection, answered or not.
 */
export async function webhookReceiver(host = '127.0.0.1') {
  const received: ReceivedRequest[] = [];
  const state = { status: 200, headers: {} as Record<string, string>, connections: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(state.status, state.headers).end('ok');
    });
  });
  server.on('connection', () => void (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}/hook`,
    port,
    received,
    state,
    /** What the next requests are answered. */
    answer(status: number, headers: Record<string, string> = {}) {
      state.status = status;
      state.headers = headers;
    },
  };
}
