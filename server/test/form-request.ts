/** Builds request bodies the way browsers and clients send them, for app.inject. */
import type { FastifyInstance } from 'fastify';
import { sampleQuote } from '../../common/quote-sample.ts';

/** A request that passes validation, with a value in every field of the form. */
export const validQuote = sampleQuote();

export type Fields = Record<string, string>;

export function urlEncoded(fields: Fields) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** A multipart body as fetch(FormData) sends it. */
export async function multipart(fields: Fields, files: Record<string, [string, string]> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, [filename, content]] of Object.entries(files)) {
    form.append(name, new Blob([content], { type: 'text/plain' }), filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Headers of the page's own fetch: same origin, asks for text. */
export const fetchHeaders = {
  origin: 'http://localhost:80',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  accept: 'text/plain',
};

/** Headers of a native form post (JavaScript off). */
export const navigationHeaders = {
  origin: 'http://localhost:80',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'navigate',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  referer: 'http://localhost:80/',
};

/** A quote sent as the page's own fetch sends it (app.inject): the sample, with these fields changed. */
export async function injectQuote(app: FastifyInstance, fields: Partial<Fields> = {}) {
  const body = await multipart({ ...validQuote, ...fields });
  return app.inject({
    method: 'POST',
    url: '/api/quote',
    ...body,
    headers: { ...fetchHeaders, ...body.headers },
  });
}
