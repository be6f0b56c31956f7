/**
 * The yardstick for `npm run bench:api`: a bare Fastify server with one route
 * that answers GET / with the home page's bytes straight from memory, with the
 * same headers as the real server and the same Accept-Encoding negotiation
 * (Brotli, gzip or none), and nothing else: no hooks, no logging, no other
 * routes. Run as its own process by the benchmark:
 *
 *   SITE_DIR=build/client HEADERS_FILE=headers.json PORT=0 tsx bench/bare-page-server.ts
 *
 * HEADERS_FILE holds the real server's response headers per encoding, as
 * `{ "identity": {...}, "br": {...}, "gzip": {...} }`.
 */
import negotiate from '@fastify/accept-negotiator';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Encoding = 'identity' | 'br' | 'gzip';

const siteDir = process.env.SITE_DIR ?? 'build/client';
const headers = JSON.parse(readFileSync(process.env.HEADERS_FILE ?? '', 'utf8')) as Record<
  Encoding,
  Record<string, string>
>;
const bodies: Record<Encoding, Buffer> = {
  identity: readFileSync(join(siteDir, 'index.html')),
  br: readFileSync(join(siteDir, 'index.html.br')),
  gzip: readFileSync(join(siteDir, 'index.html.gz')),
};

const app = Fastify({ logger: false });
app.get('/', (request, reply) => {
  const accepted = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) as Encoding | null;
  const encoding = accepted ?? 'identity';
  return reply.headers(headers[encoding]).send(bodies[encoding]);
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
// The same line Fastify's logger prints, so the benchmark finds the port the same way.
console.log(`Server listening at ${address}`);
