import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withSecurityHeaders } from '../security/security-headers.ts';
import { pause } from '../time/pause.ts';

/** How long a closing server goes on answering (503) what arrives on connections already open. */
const SHUTDOWN_DRAIN_MS = 250;

/**
 * Shutting down: for a moment keep reading the connections already open, so a
 * request that reached us just before the signal is answered 503 (the server is
 * closing) instead of the connection being reset unread; then the listener
 * closes and new connections are refused.
 */
async function lifecyclePlugin(app: FastifyInstance, { privatePaths }: { privatePaths: readonly string[] }) {
  let closing = false;
  // A hook without a promise: it runs for every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    withSecurityHeaders(reply, request.url, privatePaths)
      .code(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .type('text/plain; charset=utf-8')
      .send('The server is restarting. Please try again in a moment.\n');
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (app.server.listening) await pause(SHUTDOWN_DRAIN_MS);
  });
}

export const lifecycle = fp(lifecyclePlugin, { name: 'lifecycle' });
