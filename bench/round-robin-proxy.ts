/**
 * The load balancer of `npm run bench:api`'s two-instance row: a TCP proxy on
 * loopback that hands each new connection to the next server in turn (what
 * Caddy's or nginx's round-robin does per connection, without parsing HTTP).
 * Run as its own process by the benchmark:
 *
 *   TARGETS=127.0.0.1:3001,127.0.0.1:3002 PORT=0 tsx bench/round-robin-proxy.ts
 *
 * It prints the line the server prints ("Server listening at …"), so that
 * server-process.ts can start it and wait for it like a server.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

const targets = (process.env.TARGETS ?? '').split(',').map((target) => {
  const [host = '', port = ''] = target.split(':');
  if (!host || !/^\d+$/.test(port)) throw new Error(`TARGETS: not host:port: ${target}`);
  return { host, port: Number(port) };
});

let next = 0;
const server = createServer((client: Socket) => {
  const target = targets[next++ % targets.length];
  if (!target) return client.destroy();
  const upstream = connect(target.port, target.host);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  for (const socket of [client, upstream]) {
    socket.on('error', close);
    socket.on('close', close);
  }
  client.pipe(upstream).pipe(client);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Server listening at http://127.0.0.1:${port} (round robin over ${targets.length})`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
