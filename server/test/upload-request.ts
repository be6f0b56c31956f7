/** Quote requests with files, as a browser sends them, and what they leave in the upload folder. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fetchHeaders, validQuote, type Fields } from './form-request.ts';

export type SentFile = [name: string, content: Buffer | string];

/** A multipart body as fetch(FormData) sends it: the fields, then each file in `attachments`. */
export async function multipartWithFiles(fields: Fields, files: readonly SentFile[], field = 'attachments') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, content] of files) {
    form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Posts the sample quote with these files, as the page's own fetch does. */
export async function injectWithFiles(
  app: FastifyInstance,
  files: readonly SentFile[],
  options: { url?: string; fields?: Fields; headers?: Record<string, string> } = {},
) {
  const body = await multipartWithFiles(options.fields ?? validQuote, files);
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/quote',
    payload: body.payload,
    headers: { ...(options.headers ?? fetchHeaders), ...body.headers },
  });
}

/** Every file under `root` (the upload folders' files), recursively. */
export function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
