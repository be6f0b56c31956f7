import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored file to save: its name, its type, its size and its content, chunk by chunk. */
export interface FileDownload {
  fileName: string;
  mediaType: string;
  size: number;
  content: AsyncIterable<Buffer>;
}

/**
 * The policy of a downloaded file, should a browser open it anyway: a sandbox, nothing loaded, nothing
 * run, as if from another origin.
 */
const FILE_POLICY = "sandbox; default-src 'none'";

/** RFC 5987's attr-char: what stays as it is in `filename*`; the rest is percent-encoded UTF-8. */
function extendedValue(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name for a browser that reads only `filename`: accents dropped, anything else not plain ASCII as "_". */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .trim();
  return ascii || 'file';
}

/** The Content-Disposition of a file to save under its own name (RFC 6266, with RFC 5987's `filename*`). */
function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${extendedValue(fileName)}`;
}

/** The Content-Type it is sent with: its stored type; text (checked as UTF-8 when it came in) says so. */
function contentType(mediaType: string): string {
  return mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType;
}

/**
 * Sends a stored file to save, never to show: as an attachment, its type not to be sniffed, a sandbox
 * policy, never cached (it holds a visitor's data). The content is streamed as it is read.
 */
export function fileDownload(reply: FastifyReply, file: FileDownload) {
  return reply
    .headers({
      'content-type': contentType(file.mediaType),
      'content-disposition': attachmentDisposition(file.fileName),
      'content-length': String(file.size),
      'x-content-type-options': 'nosniff',
      'content-security-policy': FILE_POLICY,
      'cache-control': 'private, no-store',
    })
    .send(Readable.from(file.content, { objectMode: false, highWaterMark: 1 }));
}
