import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUOTE_HONEYPOT_FIELD, quoteFields, type QuoteFormValues } from '../../common/quote-request.ts';
import { QuoteProblem } from './quote-problem.ts';

/**
 * The largest body accepted. A full form of the longest values, URL-encoded
 * with 3-byte characters (9 bytes each), is about 50 KiB; anything larger is
 * refused with 413 while it is being read (or at once from Content-Length),
 * so an oversize body is never held whole.
 */
export const QUOTE_BODY_LIMIT = 64 * 1024;

export const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;

/** The submitted form: the first value of each text field. */
export type FormBody = ReadonlyMap<string, string>;

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function firstValues(entries: Iterable<[string, unknown]>): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of entries) {
    if (typeof value !== 'string') throw new QuoteProblem('files');
    if (!fields.has(name)) fields.set(name, value);
  }
  return fields;
}

async function parseForm(request: FastifyRequest, body: Buffer): Promise<FormBody> {
  const type = mediaType(request.headers['content-type']);
  if (type === 'application/x-www-form-urlencoded') {
    return firstValues(new URLSearchParams(body.toString('utf8')).entries() as Iterable<[string, string]>);
  }
  let form: FormData;
  try {
    // Node's own multipart parser (the one behind fetch), on a body already capped in size.
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch (error) {
    throw new QuoteProblem('malformed', { cause: error });
  }
  return firstValues(form.entries());
}

/**
 * Accepts only the two kinds of form body, each read with the size cap.
 * Registered inside the quote plugin, so no other route accepts them.
 */
export function registerFormParsers(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  for (const type of FORM_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: QUOTE_BODY_LIMIT },
      (request: FastifyRequest, body: Buffer | string) => parseForm(request, body as Buffer),
    );
  }
}

export function isFormBody(body: unknown): body is FormBody {
  return body instanceof Map;
}

/**
 * The four fields as the visitor typed them (missing ones empty; unknown
 * fields ignored). Line breaks become \n, so a message the browser counted as
 * 5,000 characters is not longer here because the form sent CRLF.
 */
export function formValues(body: unknown): QuoteFormValues {
  const form = isFormBody(body) ? body : new Map<string, string>();
  const values = {} as QuoteFormValues;
  for (const field of quoteFields) values[field] = (form.get(field) ?? '').replace(/\r\n?/g, '\n');
  return values;
}

export function honeypotFilled(body: unknown): boolean {
  return isFormBody(body) && (body.get(QUOTE_HONEYPOT_FIELD) ?? '').trim() !== '';
}
