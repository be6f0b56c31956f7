import type { FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';

/**
 * A zip's central directory, read without expanding the zip: the end record (at most 64 KiB from the
 * end), zip64's when the sizes need it, then the directory itself. Hand-written for what the checks
 * of Office and OpenDocument files need (names, methods, declared sizes, the first bytes of an
 * entry): a few dozen lines, against a dependency for them.
 */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the two Office and OpenDocument use). */
  method: number;
  compressedSize: number;
  /** As the directory declares it. */
  expandedSize: number;
  localHeaderOffset: number;
}

/** Where the bytes are: a received file, or an entry already expanded in memory. */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

/** A source's reads never go past its end: a position a directory made up reads nothing. */
export function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(position, length) {
      const within = Math.max(0, Math.min(length, size - position));
      if (within === 0) return Buffer.alloc(0);
      const buffer = Buffer.alloc(within);
      const { bytesRead } = await handle.read(buffer, 0, within, position);
      return buffer.subarray(0, bytesRead);
    },
  };
}

export function bufferSource(buffer: Buffer): ByteSource {
  return {
    size: buffer.length,
    read: async (position, length) => buffer.subarray(position, position + length),
  };
}

const END = 0x06054b50;
const END64_LOCATOR = 0x07064b50;
const END64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_TAIL = 22 + 0xffff;

interface Directory {
  entries: number;
  size: number;
  offset: number;
}

/** The end record (zip64's where the classic one says "see zip64"); undefined when there is none. */
async function directoryOf(source: ByteSource): Promise<Directory | undefined> {
  const tailStart = Math.max(0, source.size - MAX_TAIL);
  const tail = await source.read(tailStart, source.size - tailStart);
  let at = tail.length - 22;
  while (at >= 0 && tail.readUInt32LE(at) !== END) at--;
  if (at < 0) return undefined;
  const classic = {
    entries: tail.readUInt16LE(at + 10),
    size: tail.readUInt32LE(at + 12),
    offset: tail.readUInt32LE(at + 16),
  };
  if (classic.entries !== 0xffff && classic.size !== 0xffffffff && classic.offset !== 0xffffffff)
    return classic;
  if (at < 20 || tail.readUInt32LE(at - 20) !== END64_LOCATOR) return undefined;
  const end64 = await source.read(Number(tail.readBigUInt64LE(at - 12)), 56);
  if (end64.length < 56 || end64.readUInt32LE(0) !== END64) return undefined;
  return {
    entries: Number(end64.readBigUInt64LE(32)),
    size: Number(end64.readBigUInt64LE(40)),
    offset: Number(end64.readBigUInt64LE(48)),
  };
}

/** The sizes and offset zip64's extra field gives for those the entry marks 0xFFFFFFFF. */
function withZip64(entry: ZipEntry, extra: Buffer): ZipEntry {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 1) continue;
    let field = at + 4;
    const next = () => {
      const value = field + 8 <= extra.length ? Number(extra.readBigUInt64LE(field)) : Infinity;
      field += 8;
      return value;
    };
    const expandedSize = entry.expandedSize === 0xffffffff ? next() : entry.expandedSize;
    const compressedSize = entry.compressedSize === 0xffffffff ? next() : entry.compressedSize;
    const localHeaderOffset = entry.localHeaderOffset === 0xffffffff ? next() : entry.localHeaderOffset;
    return { ...entry, expandedSize, compressedSize, localHeaderOffset };
  }
  return entry;
}

/**
 * The entries of the zip's directory; 'too-many' past maxEntries (declared or found: the directory is
 * not read then), 'unreadable' when it is not a zip's.
 */
export async function readZipDirectory(
  source: ByteSource,
  maxEntries: number,
): Promise<ZipEntry[] | 'too-many' | 'unreadable'> {
  const directory = await directoryOf(source);
  if (!directory) return 'unreadable';
  if (directory.entries > maxEntries) return 'too-many';
  if (directory.offset + directory.size > source.size) return 'unreadable';
  const bytes = await source.read(directory.offset, directory.size);
  const entries: ZipEntry[] = [];
  for (let at = 0; at + 46 <= bytes.length;) {
    if (bytes.readUInt32LE(at) !== CENTRAL) return 'unreadable';
    if (entries.length === maxEntries) return 'too-many';
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const end = at + 46 + nameLength + extraLength + bytes.readUInt16LE(at + 32);
    if (end > bytes.length) return 'unreadable';
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      expandedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    entries.push(withZip64(entry, bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength)));
    at = end;
  }
  return entries;
}

/** How much of an entry's stored bytes are read at a time. */
const PIECE = 16 * 1024;

/**
 * The first `limit` bytes of an entry as expanded (fewer if it is shorter), never more: inflating
 * stops there, so a bomb costs no more than its stored bytes. Undefined when the entry cannot be read.
 */
export async function expandedStart(
  source: ByteSource,
  entry: ZipEntry,
  limit: number,
): Promise<Buffer | undefined> {
  if (entry.localHeaderOffset + 30 > source.size) return undefined;
  const local = await source.read(entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) return undefined;
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) return undefined;
  if (entry.method === 0) return source.read(start, Math.min(limit, entry.compressedSize));
  if (entry.method !== 8) return undefined;
  const inflate = createInflateRaw({ chunkSize: Math.min(64 * 1024, Math.max(1024, limit)) });
  const out: Buffer[] = [];
  let got = 0;
  const enough = new Promise<'enough' | 'failed'>((resolve) => {
    inflate.on('data', (chunk: Buffer) => {
      out.push(chunk);
      got += chunk.length;
      if (got >= limit) resolve('enough');
    });
    inflate.on('error', () => resolve('failed'));
  });
  try {
    for (let at = 0; at < entry.compressedSize && got < limit; at += PIECE) {
      const piece = await source.read(start + at, Math.min(PIECE, entry.compressedSize - at));
      const written = new Promise<'written'>((resolve) => inflate.write(piece, () => resolve('written')));
      if ((await Promise.race([written, enough])) === 'failed') return undefined;
    }
  } finally {
    inflate.destroy();
  }
  return Buffer.concat(out).subarray(0, limit);
}
