/** Small files of each accepted kind (and some that are not), as their first bytes make them. */
import { storedZip } from '../security/stored-zip.ts';

/** A zip of stored (uncompressed) entries, as Office and OpenDocument files are. */
function zipOf(entries: Record<string, string>): Buffer {
  return storedZip(Object.entries(entries).map(([name, text]) => ({ name, data: Buffer.from(text) })));
}

const OOXML_TYPES = (part: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${
    part.startsWith('word')
      ? 'wordprocessingml.document'
      : part.startsWith('xl')
        ? 'spreadsheetml.sheet'
        : 'presentationml.presentation'
  }.main+xml"/></Types>`;

function ooxml(part: string): Buffer {
  return zipOf({ '[Content_Types].xml': OOXML_TYPES(part), [part]: '<xml/>' });
}

function openDocument(subtype: string): Buffer {
  return zipOf({ mimetype: `application/vnd.oasis.opendocument.${subtype}`, 'content.xml': '<xml/>' });
}

const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;

/** One directory entry of a Compound File: its name, type (5 root, 1 storage, 2 stream) and links. */
function cfbEntry(name: string, type: number, { right = NO_STREAM, child = NO_STREAM } = {}): Buffer {
  const entry = Buffer.alloc(128);
  entry.write(name, 0, 'utf16le');
  entry.writeUInt16LE((name.length + 1) * 2, 64);
  entry.writeUInt8(type, 66);
  entry.writeUInt8(1, 67); // black
  entry.writeUInt32LE(NO_STREAM, 68);
  entry.writeUInt32LE(right, 72);
  entry.writeUInt32LE(child, 76);
  entry.writeUInt32LE(END_OF_CHAIN, 116);
  return entry;
}

/**
 * A Compound File (CFB: the container of doc, xls and ppt) of 512-byte sectors holding these empty
 * streams at its top (at most three): the header, one FAT sector, one directory sector. Each kind
 * is told by its own stream (WordDocument, Workbook, PowerPoint Document).
 */
export function cfbOf(...names: string[]): Buffer {
  if (names.length > 3) throw new Error('at most three streams: one directory sector');
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // the directory in sector 1
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  header.fill(0xff, 0x4c);
  header.writeUInt32LE(0, 0x4c); // the FAT in sector 0
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  const entries = [
    cfbEntry('Root Entry', 5, { child: names.length > 0 ? 1 : NO_STREAM }),
    ...names.map((name, index) =>
      cfbEntry(name, 2, { right: index + 1 < names.length ? index + 2 : NO_STREAM }),
    ),
  ];
  const directory = Buffer.alloc(512);
  Buffer.concat(entries).copy(directory);
  return Buffer.concat([header, fat, directory]);
}

export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(64),
    Buffer.from('ffd9', 'hex'),
  ]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([36, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(28),
  ]),
  docx: ooxml('word/document.xml'),
  xlsx: ooxml('xl/workbook.xml'),
  pptx: ooxml('ppt/presentation.xml'),
  doc: cfbOf('WordDocument', '1Table'),
  xls: cfbOf('Workbook'),
  ppt: cfbOf('PowerPoint Document', 'Current User'),
  odt: openDocument('text'),
  ods: openDocument('spreadsheet'),
  odp: openDocument('presentation'),
  txt: Buffer.from('Our brief: a shop with 200 products — ₹ prices, Hindi and English.\n'),
  csv: Buffer.from('product,price\nचाय,20\n'),
  /** A Windows program: MZ, then the PE header. */
  exe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([64, 0, 0, 0]),
    Buffer.from('PE\0\0'),
    Buffer.alloc(64),
  ]),
};

/** The EICAR test file: every scanner calls it a virus; it is harmless. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
