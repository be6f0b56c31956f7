import type { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { cleanFileName } from './upload-name.ts';
import type { FileProblem } from './upload-problems.ts';

/**
 * The parts of a multipart body that carry a file the parser could not keep: none is dropped in
 * silence, each is refused by name (or, without one, by its place among the files sent).
 */

/**
 * Which parts busboy hands over as files: every part of the form's file field, with a file name or
 * not (busboy's own rule, a file name or application/octet-stream, turned a file sent without a name
 * into a text field, and the file was lost), and those of any other field by busboy's rule.
 */
export function isPartAFile(field: string) {
  return (fieldName: string | undefined, contentType: string | undefined, fileName: string | undefined) =>
    fieldName === field || contentType === 'application/octet-stream' || fileName !== undefined;
}

/**
 * A file part sent without a name: the browser's empty file control (no bytes) is ignored; with
 * bytes, it is a file we cannot keep, refused by its place (`position`, from 1).
 */
export function refuseUnnamed(stream: Readable, position: number, refuse: (problem: FileProblem) => void) {
  let refused = false;
  stream.on('data', () => {
    if (refused) return;
    refused = true;
    refuse({ reason: 'unnamed', position });
  });
  stream.resume();
}

/** The name a Content-Disposition gives its file (filename*, else filename), or undefined. */
function dispositionFileName(disposition: string): string | undefined {
  const extended = /;\s*filename\*\s*=\s*([^;]*)/i.exec(disposition)?.[1]?.trim();
  if (extended) {
    const encoded = extended.slice(extended.indexOf("''") + 2);
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  }
  const plain = /;\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(disposition)?.[1]?.trim();
  if (plain === undefined) return undefined;
  return plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain;
}

interface DicerPart extends EventEmitter {
  listenerCount(event: string): number;
}

/**
 * Calls `onSkipped` with the cleaned name of each file part busboy skips without a word: one whose
 * name holds a line break once decoded (`filename*=UTF-8''brief%0D%0A.pdf`). busboy says nothing of
 * them, so its part parser (Dicer) is watched: a part it reads on (a 'data' listener once its header
 * is read) is a file or a field; one it does not is skipped. Throws if a busboy upgrade moved it.
 */
export function watchSkippedFiles(busboy: unknown, onSkipped: (name: string) => void) {
  const dicer = (busboy as { _parser?: { parser?: EventEmitter } })._parser?.parser;
  if (typeof dicer?.on !== 'function')
    throw new Error("busboy's part parser was not found: see upload-parts.ts");
  dicer.on('part', (part: DicerPart) => {
    // After busboy's own listener (registered first), which has taken the part or skipped it.
    part.on('header', (header: Record<string, string[] | undefined>) => {
      if (part.listenerCount('data') > 0) return;
      const disposition = header['content-disposition']?.[0] ?? '';
      const name = dispositionFileName(disposition);
      if (name !== undefined) onSkipped(cleanFileName(name));
    });
  });
}
