import { lookup as systemLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { useAgent } from 'request-filtering-agent';
import { company } from '../../common/company.ts';
import type { OutgoingRequest } from '../outbox/outgoing-request.ts';
import { isPublicAddress } from './address-rules.ts';
import type { UrlVerdict } from './integration-services.ts';

export interface HttpSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE: loopback, private and link-local addresses may be called (intranets, tests). */
  allowPrivate: boolean;
  /** NODE_ENV=production: only https URLs. */
  production: boolean;
  /** How host names are resolved (tests give a stub); default: the system's (dns.lookup). */
  lookup?: LookupFunction;
  /** The whole request, connection to answer; default 10 s. */
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
/** Of the receiver's answer only the status matters; a little of the body is read, then the socket closed. */
const MAX_BODY_BYTES = 4096;
const USER_AGENT = `${company.name} lead integrations (Standard Webhooks)`;

const NOT_PUBLIC =
  'it resolves to an address that is not public (loopback, private, link-local or reserved); set WEBHOOK_ALLOW_PRIVATE=true for a receiver on an intranet';

/** What went wrong, from the error's code: the messages of node and of the agent name the host. */
function describeError(error: unknown, timeoutMs: number): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && message.includes('is not allowed')) return `Refused: ${NOT_PUBLIC}.`;
  switch (code) {
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

/** Why a URL may not be used at all, whatever it resolves to; undefined when its form is fine. */
function schemeProblem(url: string, production: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This is not a URL.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'The URL must start with https://.';
  if (production && parsed.protocol !== 'https:')
    return 'The URL must start with https:// (plain http is refused in production).';
  if (parsed.username || parsed.password) return 'The URL may not carry a user name or password.';
  return undefined;
}

function resolveAll(lookup: LookupFunction, hostname: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else if (Array.isArray(addresses)) resolve(addresses.map((entry) => entry.address));
      else resolve([String(addresses)]);
    });
  });
}

/** Whether a URL may be saved: its form, and (unless allowPrivate) that its host resolves to public addresses. */
async function checkUrl(
  options: Pick<HttpSenderOptions, 'production' | 'allowPrivate' | 'lookup'>,
  url: string,
): Promise<UrlVerdict> {
  const problem = schemeProblem(url, options.production);
  if (problem) return { ok: false, reason: problem };
  if (options.allowPrivate) return { ok: true };
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await resolveAll(options.lookup ?? systemLookup, hostname);
  } catch {
    return { ok: false, reason: 'The host name of this URL could not be resolved.' };
  }
  if (addresses.length === 0)
    return { ok: false, reason: 'The host name of this URL resolves to no address.' };
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused === undefined) return { ok: true };
  return {
    ok: false,
    reason: `This URL's host resolves to ${refused}, which is not a public address (loopback, private, link-local or reserved): integrations only call public addresses. For a receiver on an intranet, the server can be started with WEBHOOK_ALLOW_PRIVATE=true.`,
  };
}

/**
 * POSTs integration requests: over https (and http outside production), one attempt with a total
 * timeout, no redirects followed (a 3xx is a failure: its Location is never contacted), the answer's
 * body ignored. Unless allowPrivate, request-filtering-agent refuses any address that is not public
 * at the moment of connecting, after DNS, so a name that resolves to a public address when checked
 * and to 127.0.0.1 when called (DNS rebinding) still fails.
 */
export function createHttpSender(options: HttpSenderOptions): HttpSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lookup = options.lookup;

  return {
    async post({ url, headers, body }) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const problem = schemeProblem(url, options.production);
      if (problem) return { ok: false, durationMs: 0, error: problem };
      const agent = options.allowPrivate
        ? undefined
        : useAgent(url, { allowPrivateIPAddress: false, allowMetaIPAddress: false, keepAlive: false });
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      return new Promise<HttpAttempt>((resolve) => {
        let settled = false;
        const finish = (attempt: Omit<HttpAttempt, 'durationMs'>) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ ...attempt, durationMs: elapsed() });
        };
        const request = send(
          url,
          {
            method: 'POST',
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': USER_AGENT,
            },
            ...(agent ? { agent } : {}),
            ...(lookup ? { lookup } : {}),
          },
          (response: IncomingMessage) => {
            const status = response.statusCode ?? 0;
            let read = 0;
            // Enough is read to let a small answer end cleanly; a longer one is cut off.
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_BODY_BYTES) response.destroy();
            });
            response.on('error', () => undefined);
            if (status >= 200 && status < 300) finish({ ok: true, status });
            else if (status >= 300 && status < 400)
              finish({ ok: false, status, error: `HTTP ${status}: redirects are not followed.` });
            else finish({ ok: false, status, error: `HTTP ${status}` });
            response.resume();
          },
        );
        const timer = setTimeout(() => {
          request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
        }, timeoutMs);
        request.on('error', (error) => finish({ ok: false, error: describeError(error, timeoutMs) }));
        request.end(body);
      });
    },

    checkUrl: (url) => checkUrl(options, url),
  };
}
