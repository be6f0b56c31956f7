/**
 * A client for the fault tests: posts quotes over real sockets, one TCP
 * connection per request (so a stopped server shows as "connection refused"),
 * and reports exactly what happened, including how a connection failed.
 */
import { request as httpRequest } from 'node:http';
import { type Fields, multipart } from './form-request.ts';

export type Outcome =
  /** `retryAfter`: the Retry-After header, when the reply has one. */
  | { kind: 'reply'; status: number; body: string; retryAfter?: string }
  /**
   * The connection failed: ECONNREFUSED, ECONNRESET... `afterReply` is true
   * when part of a reply had already arrived (a reset in the middle of an
   * answer), and the code is TIMEOUT when nothing happened in time.
   */
  | { kind: 'error'; code: string; afterReply: boolean };

export const isSuccess = (outcome: Outcome) =>
  outcome.kind === 'reply' && outcome.status === 200 && outcome.body === 'success';

/** What a visitor's fetch sends to /api/quote, as a raw request on its own connection. */
export async function postQuote(baseUrl: string, fields: Fields, timeoutMs = 10_000): Promise<Outcome> {
  const body = await multipart(fields);
  return new Promise((resolve) => {
    let replied = false;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = httpRequest(`${baseUrl}/api/quote`, {
      method: 'POST',
      agent: false,
      headers: { ...body.headers, 'content-length': body.payload.length, accept: 'text/plain' },
    });
    const timer = setTimeout(() => {
      settle({ kind: 'error', code: 'TIMEOUT', afterReply: replied });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      replied = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      const retryAfter = response.headers['retry-after'];
      response.on('end', () =>
        settle({
          kind: 'reply',
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          ...(retryAfter === undefined ? {} : { retryAfter }),
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        settle({ kind: 'error', code: error.code ?? error.message, afterReply: true }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      settle({ kind: 'error', code: error.code ?? error.message, afterReply: replied }),
    );
    request.end(body.payload);
  });
}

/**
 * Sends `count` requests, `concurrency` at a time, and returns every outcome
 * in order. `onOutcome` sees each one as it comes (to pull a plug mid-burst).
 */
export async function burst(
  count: number,
  concurrency: number,
  send: (index: number) => Promise<Outcome>,
  onOutcome: (index: number, outcome: Outcome) => void = () => undefined,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array<Outcome>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const outcome = await send(index);
      outcomes[index] = outcome;
      onOutcome(index, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return outcomes;
}

/**
 * One HTTP request exactly as given (fetch would add or drop headers such as
 * Sec-Fetch-Mode), on its own connection.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: options.method ?? 'GET',
      agent: false,
      headers: options.headers,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
