import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { kindOfName, type AttachmentKind, type AttachmentProblem } from '../../common/attachments.ts';

/**
 * What file-type calls each kind's content, by the kind's usual extension. The Office formats
 * before 2007 (doc, xls, ppt) are all one container, CFB, which file-type does not tell apart:
 * CFB is taken for each of them. The others (docx, xlsx, pptx, the OpenDocument ones) it reads
 * inside the zip.
 */
const DETECTED_AS: Readonly<Record<string, string>> = { doc: 'cfb', xls: 'cfb', ppt: 'cfb' };

/** Whether the file is UTF-8 throughout, with no NUL byte: read in chunks, never whole. */
async function isPlainText(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Whether the content is the kind its name says: from its first bytes, or for text, all of it. */
async function contentMatches(path: string, kind: AttachmentKind): Promise<boolean> {
  if (kind.text) return isPlainText(path);
  const usual = kind.extensions[0] ?? '';
  const detected = await fileTypeFromFile(path);
  return detected?.ext === (DETECTED_AS[usual] ?? usual);
}

export type TypeCheck = { ok: true; kind: AttachmentKind } | { ok: false; problem: AttachmentProblem };

/**
 * The kind of a received file, checked from its content: its name must be one we accept, it must
 * not be empty, and its content must be that kind (an EXE named .pdf, a PDF named .png are not).
 */
export async function checkAttachmentType(file: {
  name: string;
  path: string;
  size: number;
}): Promise<TypeCheck> {
  const kind = kindOfName(file.name);
  if (!kind) return { ok: false, problem: { reason: 'type', file: file.name } };
  if (file.size === 0) return { ok: false, problem: { reason: 'empty', file: file.name } };
  if (!(await contentMatches(file.path, kind))) {
    return { ok: false, problem: { reason: 'content', file: file.name, kind: kind.label } };
  }
  return { ok: true, kind };
}
