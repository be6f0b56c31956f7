import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { useAgent } from 'request-filtering-agent';
import { company } from '../../common/company.ts';
import type { OutgoingRequest } from '../outbox/outgoing-request.ts';
import { DENIED_AT_CONNECT, isPublicAddress } from './address-rules.ts';
import {
  checkUrl,
  NOT_PUBLIC_ADDRESS,
  plainHttpToPrivateOnly,
  privateOnlyLookup,
  publicOnlyLookup,
  PUBLIC_PLAIN_HTTP,
  schemeProblem,
  urlHost,
  type UrlRules,
  type UrlVerdict,
} from './url-check.ts';

export interface HttpSenderOptions extends UrlRules {
  /** The whole exchange, connection to the answer's last byte; default 10 s, at most 30 s. */
  timeoutMs?: number;
}

/** One attempt: the answer's status when one came, how long it took, and what went wrong. */
interface HttpAttempt {
  ok: boolean;
  status?: number;
  durationMs: number;
  /** A sentence without the URL or any header (both may be credentials). */
  error?: string;
}

export interface HttpSender {
  post(request: OutgoingRequest): Promise<HttpAttempt>;
  /** Whether a URL may be saved: the scheme, and (unless allowPrivate) every address its name resolves to. */
  checkUrl(url: string): Promise<UrlVerdict>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** No exchange holds a socket longer, whatever timeoutMs says. */
const MAX_TIMEOUT_MS = 30_000;
/** Of the receiver's answer only the status matters; a little of the body is read, then the socket closed. */
const MAX_BODY_BYTES = 4096;
const USER_AGENT = `${company.name} lead integrations (Standard Webhooks)`;

const NOT_PUBLIC =
  'it resolves to an address that is not public (loopback, private, link-local or reserved); set WEBHOOK_ALLOW_PRIVATE=true for a receiver on an intranet';

const PLAIN_HTTP_PUBLIC =
  'it resolves to a public address, and plain http is allowed only to a private one: use https://';

/** What went wrong, from the error's code: the messages of node and of the agent name the host. */
function describeError(error: unknown, timeoutMs: number): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && message.includes('is not allowed')) return `Refused: ${NOT_PUBLIC}.`;
  switch (code) {
    case NOT_PUBLIC_ADDRESS:
      return `Refused: ${NOT_PUBLIC}.`;
    case PUBLIC_PLAIN_HTTP:
      return `Refused: ${PLAIN_HTTP_PUBLIC}.`;
    case 'TIMEOUT':
      return `No answer within ${timeoutMs / 1000} s.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name could not be resolved.';
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'The connection was closed before an answer.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host could not be reached.';
    default:
      if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return `TLS failed (${code}).`;
      return typeof code === 'string' ? `The request failed (${code}).` : 'The request failed.';
  }
}

/** The attempt an answer's status makes. */
function statusVerdict(status: number): Omit<HttpAttempt, 'durationMs'> {
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status >= 300 && status < 400)
    return { ok: false, status, error: `HTTP ${status}: redirects are not followed.` };
  return { ok: false, status, error: `HTTP ${status}` };
}

/**
 * How a request reaches its host: unless allowPrivate, the lookup held to isPublicAddress (the rule
 * of the save), inside request-filtering-agent (a second net, never stricter: address-rules.ts); with
 * allowPrivate, in production over plain http, the lookup that refuses public addresses.
 */
function routing(url: string, options: HttpSenderOptions) {
  if (!options.allowPrivate)
    return {
      agent: useAgent(url, {
        allowPrivateIPAddress: false,
        allowMetaIPAddress: false,
        denyIPAddressList: DENIED_AT_CONNECT,
        keepAlive: false,
      }),
      lookup: publicOnlyLookup(options.lookup),
    };
  if (plainHttpToPrivateOnly(url, options)) return { lookup: privateOnlyLookup(options.lookup) };
  return options.lookup ? { lookup: options.lookup } : {};
}

/** Why a request is refused before any connection; undefined when it may be sent. */
function sendProblem(url: string, options: HttpSenderOptions): string | undefined {
  const problem = schemeProblem(url, options);
  if (problem) return problem;
  // An address typed in the URL is never looked up: the address rule is applied to it here.
  const host = urlHost(url);
  if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) return `Refused: ${NOT_PUBLIC}.`;
  if (plainHttpToPrivateOnly(url, options) && isPublicAddress(host)) return `Refused: ${PLAIN_HTTP_PUBLIC}.`;
  return undefined;
}

/**
 * One POST. A single deadline covers the whole exchange, the answer's body included: when it passes,
 * the request and its socket are destroyed, so a receiver that never ends its answer holds no socket.
 */
function exchange(request: OutgoingRequest, options: HttpSenderOptions, timeoutMs: number) {
  const { url } = request;
  const started = performance.now();
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise<HttpAttempt>((resolve) => {
    let settled = false;
    let status: number | undefined;
    const finish = (attempt: Omit<HttpAttempt, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...attempt, durationMs: Math.round(performance.now() - started) });
    };
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': USER_AGENT,
        },
        ...routing(url, options),
      },
      (response: IncomingMessage) => {
        status = response.statusCode ?? 0;
        const verdict = statusVerdict(status);
        let read = 0;
        // Enough is read to let a small answer end cleanly; a longer one is cut off.
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read <= MAX_BODY_BYTES) return;
          finish(verdict);
          outgoing.destroy();
        });
        response.on('end', () => finish(verdict));
        // A receiver that closes the connection mid-answer still gave its status.
        response.on('close', () => finish(verdict));
        response.on('error', () => undefined);
      },
    );
    const timer = setTimeout(() => {
      finish({
        ok: false,
        ...(status === undefined ? {} : { status }),
        error: describeError({ code: 'TIMEOUT' }, timeoutMs),
      });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (error) => finish({ ok: false, error: describeError(error, timeoutMs) }));
    outgoing.end(request.body);
  });
}

/**
 * POSTs integration requests: over https (http outside production, and in production to a private
 * address when allowPrivate), one attempt within one deadline, no redirects followed (a 3xx is a
 * failure: its Location is never contacted). Unless allowPrivate, request-filtering-agent refuses any
 * address that is not public at the moment of connecting, after DNS, so a name that resolves to a
 * public address when checked and to 127.0.0.1 when called (DNS rebinding) still fails; plain http in
 * production is likewise refused when its name resolves to a public address when called.
 */
export function createHttpSender(options: HttpSenderOptions): HttpSender {
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  return {
    async post(request) {
      const problem = sendProblem(request.url, options);
      if (problem) return { ok: false, durationMs: 0, error: problem };
      return exchange(request, options, timeoutMs);
    },
    checkUrl: (url) => checkUrl(options, url),
  };
}
