import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { kindOfName, type AttachmentKind, type AttachmentProblem } from '../../common/attachments.ts';
import { cfbTopNames } from './cfb-directory.ts';
import { checkOfficeArchive, type ArchiveFinding } from './office-archive.ts';

/**
 * What file-type calls each kind's content, by the kind's usual extension. The Office formats
 * before 2007 (doc, xls, ppt) are all one container, CFB, which file-type does not tell apart:
 * CFB is taken for each of them. The others (docx, xlsx, pptx, the OpenDocument ones) it reads
 * inside the zip.
 */
const DETECTED_AS: Readonly<Record<string, string>> = { doc: 'cfb', xls: 'cfb', ppt: 'cfb' };

/**
 * What tells the CFB kinds apart: a stream at the top of the file, its own (MS-DOC, MS-XLS, MS-PPT;
 * "Book" is Excel 5's), and where Word and Excel keep macros (PowerPoint keeps them inside its stream).
 */
const CFB_KINDS: Readonly<Record<string, { streams: readonly string[]; macros?: string }>> = {
  doc: { streams: ['worddocument'], macros: 'macros' },
  xls: { streams: ['workbook', 'book'], macros: '_vba_project_cur' },
  ppt: { streams: ['powerpoint document'] },
};

/** The zip-based kinds: their zip is checked too (office-archive.ts). */
const ZIP_BASED = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);

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

/**
 * What the inside of a file of a matching kind says: a CFB file without its kind's own stream is
 * 'unreadable' (another kind, or none), with Word's or Excel's macros 'macros'; a zip-based one as
 * checkOfficeArchive finds it. Undefined for the other kinds, and for a file that passes.
 */
async function structureFinding(path: string, usual: string): Promise<ArchiveFinding | undefined> {
  if (ZIP_BASED.has(usual)) return checkOfficeArchive(path);
  const cfb = CFB_KINDS[usual];
  if (!cfb) return undefined;
  const names = (await cfbTopNames(path))?.map((name) => name.toLowerCase()) ?? [];
  if (!names.some((name) => cfb.streams.includes(name))) return 'unreadable';
  return cfb.macros && names.includes(cfb.macros) ? 'macros' : undefined;
}

/** The refusal for a finding, naming the file. */
function findingProblem(finding: ArchiveFinding, file: string, kind: AttachmentKind): AttachmentProblem {
  if (finding === 'macros') return { reason: 'macros', file };
  if (finding === 'archive') return { reason: 'archive', file, kind: kind.label };
  return { reason: 'content', file, kind: kind.label };
}

export type TypeCheck = { ok: true; kind: AttachmentKind } | { ok: false; problem: AttachmentProblem };

/**
 * The kind of a received file, checked from its content: its name must be one we accept, it must
 * not be empty, and its content must be that kind (an EXE named .pdf, a PDF named .png are not).
 * An Office or OpenDocument file is looked into too (structureFinding): no macros, and for the
 * zip-based ones no archive clamd could not read whole.
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
  const finding = await structureFinding(file.path, kind.extensions[0] ?? '');
  if (finding) return { ok: false, problem: findingProblem(finding, file.name, kind) };
  return { ok: true, kind };
}
