import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whatever no scope of its own answers (a path the static files refuse, say):
 * a plain message by its status, never a stack trace, an error code or the URL.
 * An overloaded server (under-pressure) says so.
 */
async function errorHandlingPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error.code === 'FST_UNDER_PRESSURE') {
      request.log.warn('refused under pressure');
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The server is too busy just now. Please try again in a few seconds.\n');
    }
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(`${STATUS_CODES[status] ?? 'Error'}.\n`);
  });
}

export const errorHandling = fp(errorHandlingPlugin, { name: 'error-handling' });
