/**
 * A loopback TCP server in clamd's place, for the tests: in front of a real clamd (every byte passed
 * both ways, and the test told when each scan starts), or silent (it takes every connection and all
 * it is sent, and never answers, as a hung clamd does).
 */
import { connect, createServer, type Socket } from 'node:net';

export interface ClamdRelay {
  /** tcp://127.0.0.1:PORT, for CLAMD_URL. */
  url: string;
  /** Connections taken so far (one per scan or PING). */
  connections: () => number;
  /** Bytes received from the scanner so far. */
  bytesReceived: () => number;
  /** Called on each new connection, with its number (1 for the first). */
  onConnection: (listener: (count: number) => void) => void;
  close: () => Promise<void>;
}

/** `target`: the real clamd's tcp:// URL; undefined for a clamd that never answers. */
export async function startClamdRelay(target?: string): Promise<ClamdRelay> {
  const sockets = new Set<Socket>();
  const listeners: ((count: number) => void)[] = [];
  let connections = 0;
  let bytes = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => (bytes += data.length));
    connections++;
    for (const listener of listeners) listener(connections);
    if (!target) return;
    const { hostname, port } = new URL(target);
    const upstream = connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      socket.destroy();
    });
    upstream.on('error', () => undefined);
    socket.on('close', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `tcp://127.0.0.1:${port}`,
    connections: () => connections,
    bytesReceived: () => bytes,
    onConnection: (listener) => void listeners.push(listener),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
