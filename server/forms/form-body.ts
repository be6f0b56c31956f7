import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HONEYPOT_FIELD } from '../../common/honeypot.ts';
import { FormProblem } from './form-problem.ts';

/**
 * The largest body accepted. A full quote form of the longest values,
 * URL-encoded with 3-byte characters (9 bytes each), is about 50 KiB;
 * anything larger is refused with 413 while it is being read (or at once from
 * Content-Length), so an oversize body is never held whole.
 */
export const FORM_BODY_LIMIT = 64 * 1024;

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;

/** The submitted form: the first value of each text field. */
export type FormBody = ReadonlyMap<string, string>;

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isFormType(contentType: string | undefined): boolean {
  return (FORM_TYPES as readonly string[]).includes(mediaType(contentType));
}

/** RFC 2046: a multipart boundary is 1 to 70 characters. */
const MAX_BOUNDARY_LENGTH = 70;
/**
 * RFC 2046's bchars, 1 to 70 of them, not ending in a space. Nothing else (no
 * quote or backslash, which a quoted boundary could escape) is taken, so the
 * boundary counted here is the one the parser uses.
 */
const BOUNDARY = new RegExp(
  `^[0-9A-Za-z'()+_,\\-./:=? ]{0,${MAX_BOUNDARY_LENGTH - 1}}[0-9A-Za-z'()+_,\\-./:=?]$`,
);
/** More fields than any of the site's forms has, with room for browsers' extras; more is refused unread. */
export const MAX_FIELDS = 20;

/**
 * The first value of each field, once every part is checked: not too many
 * (counted before parsing too, see checkShape; this holds whatever a body made
 * the parser see), no file, none longer than `maxFieldLength`.
 */
export function firstValues(entries: Iterable<[string, unknown]>, maxFieldLength: number): Map<string, string> {
  const all = [...entries];
  if (all.length > MAX_FIELDS) throw new FormProblem('malformed');
  if (all.some(([, value]) => typeof value !== 'string')) throw new FormProblem('files');
  const values = all as [string, string][];
  if (values.some(([, value]) => value.length > maxFieldLength)) throw new FormProblem('too-large');
  const fields = new Map<string, string>();
  for (const [name, value] of values) if (!fields.has(name)) fields.set(name, value);
  return fields;
}

/** How many times `needle` occurs in `haystack`, counting at most `limit + 1` (cheap on a hostile body). */
function occurrences(haystack: Buffer, needle: string, limit: number): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && count <= limit;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    count++;
  }
  return count;
}

/**
 * The boundary of a multipart Content-Type, as the parser reads it: the one
 * `boundary` parameter, quoted or not. Undefined when there is none, more
 * than one, or one outside RFC 2046 (an 8,000-character one, a quote).
 */
export function multipartBoundary(contentType: string): string | undefined {
  const parameters = [...contentType.matchAll(/;\s*boundary=("(?:[^"\\]|\\.)*"|[^;\s]*)/gi)];
  if (parameters.length !== 1 || contentType.match(/boundary=/gi)?.length !== 1) return undefined;
  const raw = parameters[0]?.[1] ?? '';
  const value = raw.startsWith('"') ? raw.slice(1, -1) : raw;
  return BOUNDARY.test(value) ? value : undefined;
}

/**
 * Refuses, before parsing, a form body shaped to cost CPU: a multipart
 * boundary outside RFC 2046, or more parts or fields than any form of the
 * site sends.
 */
function checkShape(type: string, contentType: string, body: Buffer) {
  if (type === 'multipart/form-data') {
    const boundary = multipartBoundary(contentType);
    if (boundary === undefined) throw new FormProblem('malformed');
    // Each part starts with the delimiter; the closing one adds one more.
    if (occurrences(body, `--${boundary}`, MAX_FIELDS + 1) > MAX_FIELDS + 1) {
      throw new FormProblem('too-large');
    }
  } else if (occurrences(body, '&', MAX_FIELDS) >= MAX_FIELDS) {
    throw new FormProblem('too-large');
  }
}

async function parseForm(request: FastifyRequest, body: Buffer, maxFieldLength: number): Promise<FormBody> {
  const type = mediaType(request.headers['content-type']);
  checkShape(type, request.headers['content-type'] ?? '', body);
  if (type === 'application/x-www-form-urlencoded') {
    return firstValues(
      new URLSearchParams(body.toString('utf8')).entries() as Iterable<[string, string]>,
      maxFieldLength,
    );
  }
  let form: FormData;
  try {
    // Node's own multipart parser (the one behind fetch), on a body already capped in size.
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch (error) {
    throw new FormProblem('malformed', { cause: error });
  }
  return firstValues(form.entries(), maxFieldLength);
}

/**
 * Accepts only the two kinds of form body, each read with the size cap, and
 * refuses (413) a field longer than `maxFieldLength` before any check of its
 * value. Registered inside a form's plugin, so no other route accepts them.
 */
export function registerFormParsers(app: FastifyInstance, maxFieldLength: number) {
  app.removeAllContentTypeParsers();
  for (const type of FORM_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
      (request: FastifyRequest, body: Buffer | string) => parseForm(request, body as Buffer, maxFieldLength),
    );
  }
}

/**
 * Reads any body as a form if it is one, and as nothing otherwise: for routes
 * where only the address counts and the body is a courtesy (a one-click
 * unsubscribe, whose clients vary). Never refuses a body it cannot read.
 */
export function registerLenientParser(app: FastifyInstance, bodyLimit: number) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit },
    async (request: FastifyRequest, body: Buffer | string) => {
      if (!isFormType(request.headers['content-type'])) return undefined;
      return parseForm(request, body as Buffer, bodyLimit).catch(() => undefined);
    },
  );
}

export function isFormBody(body: unknown): body is FormBody {
  return body instanceof Map;
}

/**
 * The named fields as the visitor typed them (missing ones empty; unknown
 * fields ignored). Line breaks become \n, so a text the browser counted as
 * 5,000 characters is not longer here because the form sent CRLF.
 */
export function formValues<F extends string>(body: unknown, fields: readonly F[]): Record<F, string> {
  const form = isFormBody(body) ? body : new Map<string, string>();
  const values = {} as Record<F, string>;
  for (const field of fields) values[field] = (form.get(field) ?? '').replace(/\r\n?/g, '\n');
  return values;
}

/** Whether the spam trap (common/honeypot.ts) was filled: a bot sent this. */
export function honeypotFilled(body: unknown): boolean {
  return isFormBody(body) && (body.get(HONEYPOT_FIELD) ?? '').trim() !== '';
}
