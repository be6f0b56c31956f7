import { open } from 'node:fs/promises';
import { fileSource, type ByteSource } from './zip-directory.ts';

/**
 * The names of the streams and storages at the top of a Compound File (CFB: the container of .doc,
 * .xls and .ppt), read from its header, its FAT and its directory only (MS-CFB). Hand-written: the
 * npm readers load and parse the whole file for what is a walk of a few sectors here.
 */
const FREE_OR_END = 0xfffffffa; // at or above: not a sector (end of chain, free, FAT, DIFAT)
const NO_ENTRY = 0xffffffff;
const HEADER_DIFAT = 109;
const ENTRY_BYTES = 128;

interface Layout {
  source: ByteSource;
  sectorBytes: number;
  header: Buffer;
}

const sectorOffset = (layout: Layout, sector: number) => (sector + 1) * layout.sectorBytes;

/** Where the n-th FAT sector is: in the header's DIFAT, then in the chain of DIFAT sectors. */
async function fatSector(layout: Layout, index: number): Promise<number | undefined> {
  if (index < HEADER_DIFAT) return layout.header.readUInt32LE(0x4c + index * 4);
  const perSector = layout.sectorBytes / 4 - 1;
  let sector = layout.header.readUInt32LE(0x44);
  for (let skip = Math.floor((index - HEADER_DIFAT) / perSector); skip > 0; skip--) {
    if (sector >= FREE_OR_END) return undefined;
    const next = await layout.source.read(sectorOffset(layout, sector) + perSector * 4, 4);
    if (next.length < 4) return undefined;
    sector = next.readUInt32LE(0);
  }
  if (sector >= FREE_OR_END) return undefined;
  const entry = await layout.source.read(
    sectorOffset(layout, sector) + ((index - HEADER_DIFAT) % perSector) * 4,
    4,
  );
  return entry.length === 4 ? entry.readUInt32LE(0) : undefined;
}

/** The sector after this one in its chain (the FAT's entry for it); none past the file's end. */
async function nextSector(layout: Layout, sector: number): Promise<number | undefined> {
  if (sectorOffset(layout, sector) >= layout.source.size) return undefined;
  const perSector = layout.sectorBytes / 4;
  const fat = await fatSector(layout, Math.floor(sector / perSector));
  if (fat === undefined || fat >= FREE_OR_END) return undefined;
  const entry = await layout.source.read(sectorOffset(layout, fat) + (sector % perSector) * 4, 4);
  return entry.length === 4 ? entry.readUInt32LE(0) : undefined;
}

/** The directory's sectors, in order, each once (a chain that loops or runs off the file ends it). */
async function directoryBytes(layout: Layout): Promise<Buffer | undefined> {
  const sectors: Buffer[] = [];
  const seen = new Set<number>();
  const most = Math.ceil(layout.source.size / layout.sectorBytes);
  for (
    let sector: number | undefined = layout.header.readUInt32LE(0x30);
    sector !== undefined && sector < FREE_OR_END;
  ) {
    if (seen.has(sector) || seen.size >= most) return undefined;
    seen.add(sector);
    const bytes = await layout.source.read(sectorOffset(layout, sector), layout.sectorBytes);
    if (bytes.length < layout.sectorBytes) return undefined;
    sectors.push(bytes);
    sector = await nextSector(layout, sector);
  }
  return sectors.length > 0 ? Buffer.concat(sectors) : undefined;
}

/** The root's children: from its child, along the left and right siblings (a red-black tree). */
function topNames(directory: Buffer): string[] | undefined {
  const count = directory.length / ENTRY_BYTES;
  const entry = (id: number) => directory.subarray(id * ENTRY_BYTES, (id + 1) * ENTRY_BYTES);
  if (entry(0).readUInt8(66) !== 5) return undefined; // not a root storage
  const names: string[] = [];
  const seen = new Set<number>();
  const pending = [entry(0).readUInt32LE(76)];
  while (pending.length > 0) {
    const id = pending.pop() ?? NO_ENTRY;
    if (id === NO_ENTRY) continue;
    if (id >= count || seen.has(id)) return undefined;
    seen.add(id);
    const bytes = entry(id);
    const nameBytes = Math.min(64, bytes.readUInt16LE(64));
    names.push(bytes.toString('utf16le', 0, Math.max(0, nameBytes - 2)));
    pending.push(bytes.readUInt32LE(68), bytes.readUInt32LE(72));
  }
  return names;
}

/** The names at the top of a CFB source; undefined when it is not one that can be read. */
async function readCfbTopNames(source: ByteSource): Promise<string[] | undefined> {
  const header = await source.read(0, 512);
  if (header.length < 512 || header.toString('hex', 0, 8) !== 'd0cf11e0a1b11ae1') return undefined;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const directory = await directoryBytes({ source, sectorBytes: 2 ** shift, header });
  return directory ? topNames(directory) : undefined;
}

/** readCfbTopNames of a file. */
export async function cfbTopNames(path: string): Promise<string[] | undefined> {
  const handle = await open(path, 'r');
  try {
    return await readCfbTopNames(fileSource(handle, (await handle.stat()).size));
  } finally {
    await handle.close();
  }
}
