import type autocannon from 'autocannon';
import { sampleQuote } from '../common/quote-sample.ts';

/** Fixed width, so every body has the same length and the template can be patched in place. */
const MARKER_WIDTH = 10;
const PLACEHOLDER = 'M'.repeat(MARKER_WIDTH);

export interface QuoteLoad {
  /** The autocannon request: a valid multipart quote with a unique email per request. */
  request: autocannon.Request;
  /** Markers of the requests answered 200 "success". */
  succeeded: Set<string>;
  /** Every other reply, by status and first line of the body. */
  failures: Map<string, number>;
  /** The email address that carries a marker (what the database is checked for). */
  emailOf: (marker: string) => string;
}

/**
 * Builds what the page's fetch sends: multipart/form-data from FormData,
 * with the headers of a same-origin fetch. Each request gets its own marker
 * in the email address, so the database check can match replies to rows.
 */
export async function quoteLoad(origin: string, prefix: string): Promise<QuoteLoad> {
  const emailOf = (marker: string) => `bench-${marker}@company.example`;
  const form = new FormData();
  const quote = sampleQuote({
    name: 'Bench Visitor',
    email: emailOf(PLACEHOLDER),
    message: 'We would like a quote for a new website with an online shop.\n'.repeat(8),
  });
  for (const [name, value] of Object.entries(quote)) form.append(name, value);
  form.append('website', '');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const template = Buffer.from(await encoded.arrayBuffer());
  const at = template.indexOf(PLACEHOLDER);
  const contentType = encoded.headers.get('content-type') ?? '';

  let next = 0;
  const succeeded = new Set<string>();
  const failures = new Map<string, number>();
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/quote',
    headers: {
      'content-type': contentType,
      accept: 'text/plain',
      origin,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
    },
    setupRequest: (request, context) => {
      const marker = `${prefix}${(next++).toString(36)}`.padStart(MARKER_WIDTH, '0');
      (context as { marker?: string }).marker = marker;
      const body = Buffer.from(template);
      body.write(marker, at, 'latin1');
      return { ...request, body };
    },
    onResponse: (status, body, context) => {
      const marker = (context as { marker?: string }).marker ?? '';
      if (status === 200 && body === 'success') succeeded.add(marker);
      else {
        const key = `${status} ${body.split('\n')[0]?.slice(0, 80) ?? ''}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    },
  };
  return { request, succeeded, failures, emailOf };
}
