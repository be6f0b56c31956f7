/** Small files of each accepted kind (and some that are not), as their first bytes make them. */
import { crc32 } from 'node:zlib';

/** A zip of stored (uncompressed) entries, as Office and OpenDocument files are. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
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

/** The Compound File Binary header of doc, xls and ppt, padded to one sector. */
const CFB = Buffer.concat([
  Buffer.from('d0cf11e0a1b11ae1', 'hex'),
  Buffer.alloc(16),
  Buffer.from('3e000300feff0900', 'hex'),
  Buffer.alloc(512 - 32),
]);

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
  doc: CFB,
  xls: CFB,
  ppt: CFB,
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
