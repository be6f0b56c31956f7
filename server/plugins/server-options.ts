import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyRequest } from 'fastify';
import { answerClientError } from '../security/client-errors.ts';
import { logDestination } from '../ops/log-destination.ts';
import { withSecurityHeaders } from '../security/security-headers.ts';
import { AccessLog } from './access-log.ts';

export interface ServerOptions {
  /** false: no log at all (tests). */
  logger: boolean;
  logLevel: string;
  /** Where log lines go (default stdout, access lines batched: ops/log-destination.ts). */
  logStream?: { write: (line: string) => void } | undefined;
  /** Lines a person reads instead of JSON (development, at a terminal: ops/readable-log.ts). */
  readableLog?: boolean;
  /** How a request is written in the log (what of its URL is kept). */
  serializers: { req: (request: FastifyRequest) => { method: string; url: string } };
  /** TRUST_PROXY: false, true, a hop count, or addresses. */
  trustProxy: boolean | number | string[];
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number };
  /** Paths whose answers are never indexed, those Fastify gives itself included. */
  privatePaths: readonly string[];
}

/** A hop count trusts that many proxies in front of the server. */
function toFastifyTrustProxy(value: ServerOptions['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * Node enforces the header and request timeouts by sweeping the connections
 * at this interval (30 s by default, which would let a slow client hold on for
 * up to twice the timeout): a quarter of the shorter timeout, 0.1 to 5 s.
 */
function timeoutCheckInterval({ headersTimeoutMs, requestTimeoutMs }: ServerOptions['http']) {
  return Math.min(5_000, Math.max(100, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 4)));
}

/** Fastify's own settings: the log and the access log, the proxies, the timeouts and limits, its own errors. */
export function serverOptions(options: ServerOptions): FastifyHttpOptions<Server> {
  const { http, privatePaths } = options;
  return {
    logger: options.logger
      ? {
          level: options.logLevel,
          serializers: options.serializers,
          stream: options.logStream ?? logDestination(1, { readable: options.readableLog === true }),
        }
      : false,
    logController: new AccessLog(),
    trustProxy: toFastifyTrustProxy(options.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Cut off clients that send their request too slowly (408), or nothing at all.
    connectionTimeout: http.idleTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: timeoutCheckInterval(http),
    },
    keepAliveTimeout: 5_000,
    bodyLimit: 64 * 1024,
    // A request Node cannot parse, or a client too slow to send it (400, 408, 431): plain text with the
    // security headers, like every other answer.
    clientErrorHandler: answerClientError,
    // Answered by the lifecycle plugin instead, so the 503 of a closing server carries the security headers.
    return503OnClosing: false,
    // A URL Fastify cannot even route (a malformed percent-escape): a plain 400 with the security
    // headers, never the URL echoed back.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused before routing');
      return withSecurityHeaders(reply, request.url, privatePaths)
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('Bad request: this address cannot be read.\n');
    },
  };
}
