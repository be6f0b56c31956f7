import { open } from 'node:fs/promises';
import {
  bufferSource,
  expandedStart,
  fileSource,
  readZipDirectory,
  type ByteSource,
  type ZipEntry,
} from './zip-directory.ts';

/**
 * The checks of a zip-based document (docx, xlsx, pptx, odt, ods, odp) before it is scanned, from its
 * central directory: what no real document has, so that clamd is never asked to read an archive it
 * cannot read whole (docs/attachments.md, "Office files: macros, and archives clamd could not read whole"). Only the first bytes of each entry are expanded
 * (to see a zip inside), and a workbook embedded in a document (a chart's data) in full, checked in turn.
 */
const MIB = 1024 * 1024;

/** The limits, and why each: docs/attachments.md. */
const OFFICE_ARCHIVE_LIMITS = {
  /** Entries in one zip: a real document has tens, a large deck a few thousand; clamd stops at MaxFiles (10,000). */
  maxEntries: 5_000,
  /** Expanded to stored, per entry, past the first ratioGraceBytes: XML packs 5 to 20 times (a sheet of empty cells up to about 100); zeros 1,000. */
  maxRatio: 200,
  ratioGraceBytes: 100 * 1024,
  /** One entry expanded: clamd's MaxFileSize the deploy guide sets (100M). */
  maxEntryBytes: 100 * MIB,
  /** All entries expanded: within clamd's MaxScanSize the deploy guide sets (400M), with room. */
  maxExpandedBytes: 300 * MIB,
  /** The documents embedded in one file together, expanded in memory to be checked: a chart's workbook is tens of KB. */
  maxEmbeddedBytes: 16 * MIB,
};

export type ArchiveFinding = 'macros' | 'archive' | 'unreadable';

/** Office's embedded documents (a chart's workbook): the one zip a zip may hold, checked in turn. */
const EMBEDDED_DOCUMENT = /(^|\/)embeddings\/[^/]+\.(docx|xlsx|pptx)$/i;
/** A zip's own names, and the zip-based kinds, wherever they are. */
const ZIP_NAME =
  /\.(zip|jar|docx|docm|dotx|dotm|xlsx|xlsm|xlsb|xltx|xltm|pptx|pptm|potx|potm|ppsx|ppsm|odt|ods|odp|odg|epub|apk|7z|rar|cab|gz|tgz|bz2|xz)$/i;
const ZIP_SIGNATURES = ['PK\x03\x04', 'PK\x05\x06', 'PK\x07\x08'];
/** Word, Excel and PowerPoint keep their macros there, whatever folder it is put in. */
const MACROS = /(^|\/)vbaproject\.bin$/i;

const isZipStart = (start: Buffer) => ZIP_SIGNATURES.includes(start.subarray(0, 4).toString('latin1'));

/** Whether the entries' declared sizes are ones a document has. */
function sizesFit(entries: readonly ZipEntry[]): boolean {
  const limits = OFFICE_ARCHIVE_LIMITS;
  let total = 0;
  for (const entry of entries) {
    total += entry.expandedSize;
    if (entry.expandedSize > limits.maxEntryBytes || total > limits.maxExpandedBytes) return false;
    const overGrace = entry.expandedSize > limits.ratioGraceBytes;
    if (overGrace && entry.expandedSize > entry.compressedSize * limits.maxRatio) return false;
  }
  return true;
}

/** What is left to expand of the file's embedded documents (maxEmbeddedBytes). */
interface Budget {
  embeddedBytes: number;
}

/** One entry: a finding, or undefined when it is fine (an embedded document is checked in turn). */
async function checkEntry(
  source: ByteSource,
  entry: ZipEntry,
  { depth, budget }: { depth: number; budget: Budget },
): Promise<ArchiveFinding | undefined> {
  if (MACROS.test(entry.name)) return 'macros';
  if (entry.name.endsWith('/') && entry.expandedSize === 0) return undefined;
  const embedded = depth === 0 && EMBEDDED_DOCUMENT.test(entry.name);
  if (!embedded && ZIP_NAME.test(entry.name)) return 'archive';
  const start = await expandedStart(source, entry, 4);
  if (!start) return 'unreadable';
  if (!isZipStart(start)) return undefined;
  if (!embedded || entry.expandedSize > budget.embeddedBytes) return 'archive';
  budget.embeddedBytes -= entry.expandedSize;
  // Expanded in full to be checked in turn; one byte more than it declares shows a lie.
  const whole = await expandedStart(source, entry, entry.expandedSize + 1);
  if (whole?.length !== entry.expandedSize) return 'archive';
  return checkZip(bufferSource(whole), depth + 1, budget);
}

/** The zip's checks, at a depth (0: the file sent; 1: a document embedded in it, which may hold no zip). */
async function checkZip(
  source: ByteSource,
  depth: number,
  budget: Budget,
): Promise<ArchiveFinding | undefined> {
  const entries = await readZipDirectory(source, OFFICE_ARCHIVE_LIMITS.maxEntries);
  if (entries === 'too-many') return 'archive';
  if (entries === 'unreadable') return 'unreadable';
  if (entries.some((entry) => MACROS.test(entry.name))) return 'macros';
  if (!sizesFit(entries)) return 'archive';
  for (const entry of entries) {
    const finding = await checkEntry(source, entry, { depth, budget });
    if (finding) return finding;
  }
  return undefined;
}

/**
 * What is wrong with a zip-based document, if anything: 'macros' (a vbaProject.bin anywhere), 'archive'
 * (too many entries, a zip inside, or sizes no document has), 'unreadable' (no zip directory).
 */
export async function checkOfficeArchive(path: string): Promise<ArchiveFinding | undefined> {
  const handle = await open(path, 'r');
  try {
    const budget = { embeddedBytes: OFFICE_ARCHIVE_LIMITS.maxEmbeddedBytes };
    return await checkZip(fileSource(handle, (await handle.stat()).size), 0, budget);
  } finally {
    await handle.close();
  }
}
