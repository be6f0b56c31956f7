/**
 * Office files built in the test, as an attacker or Office would make them: zips of stored or
 * deflated parts, with sizes declared as the test says (zip64 past 4 GiB), and the archives a red
 * team sent (10,050 parts, 20 nested zips, a 4 GiB part).
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { EICAR } from './attachment-files.ts';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Deflated (as Office does), or stored. */
  deflate?: boolean;
  /** The expanded size the directory declares, when it is to lie (past 0xFFFFFFFE: in zip64's field). */
  declaredSize?: number;
}

const ZIP64_MARK = 0xffffffff;

function centralRecord(
  part: ZipPart,
  data: Buffer,
  stored: Buffer,
  offset: number,
  fileName: Buffer,
): Buffer[] {
  const declared = part.declaredSize ?? data.length;
  const zip64 = declared >= ZIP64_MARK;
  const extra = Buffer.alloc(zip64 ? 12 : 0);
  if (zip64) {
    extra.writeUInt16LE(1, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(declared), 4);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(zip64 ? 45 : 20, 4);
  central.writeUInt16LE(zip64 ? 45 : 20, 6);
  central.writeUInt16LE(part.deflate ? 8 : 0, 10);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(stored.length, 20);
  central.writeUInt32LE(zip64 ? ZIP64_MARK : declared, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(offset, 42);
  return [central, fileName, extra];
}

/** A zip of these parts, in order. */
export function zipFrom(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.from(part.data);
    const stored = part.deflate ? deflateRawSync(data) : data;
    const fileName = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(Math.min(part.declaredSize ?? data.length, ZIP64_MARK), 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, stored);
    centrals.push(...centralRecord(part, data, stored, offset, fileName));
    offset += local.length + fileName.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const EXCEL_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

/** A Word document (deflated, as Word saves it) with these parts besides its own. */
export function docxWith(...parts: ZipPart[]): Buffer {
  return zipFrom([
    { name: '[Content_Types].xml', data: WORD_TYPES, deflate: true },
    {
      name: 'word/document.xml',
      data: `<w:document>${'<w:p>A brief.</w:p>'.repeat(200)}</w:document>`,
      deflate: true,
    },
    ...parts,
  ]);
}

/** An Excel workbook with these parts besides its own: what Word embeds for a chart's data. */
export function xlsxWith(...parts: ZipPart[]): Buffer {
  return zipFrom([
    { name: '[Content_Types].xml', data: EXCEL_TYPES, deflate: true },
    {
      name: 'xl/workbook.xml',
      data: '<workbook><sheets><sheet name="Data"/></sheets></workbook>',
      deflate: true,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<sheetData>${'<row><c><v>1</v></c></row>'.repeat(300)}</sheetData>`,
      deflate: true,
    },
    ...parts,
  ]);
}

/** The red team's first file: a .docx of 10,050 parts, EICAR the last. */
export function docxOfManyParts(): Buffer {
  const parts = Array.from({ length: 10_049 }, (_, index): ZipPart => ({
    name: `word/media/p${index}.xml`,
    data: '<p/>',
  }));
  return docxWith(...parts, { name: 'word/media/last.txt', data: EICAR });
}

/** EICAR in zips nested `depth` deep. */
export function nestedZips(depth: number): Buffer {
  let archive: Buffer = Buffer.from(EICAR);
  for (let level = 0; level < depth; level++)
    archive = zipFrom([{ name: `level-${level}.zip`, data: archive }]);
  return archive;
}

/** The red team's third: a few MB holding a part of 4 GiB (declared; a bomb's deflate would say as much). */
export function docxWithFourGigabytePart(): Buffer {
  return docxWith({
    name: 'word/media/image1.png',
    data: Buffer.alloc(4 * 1024 * 1024),
    deflate: true,
    declaredSize: 4 * 1024 ** 3,
  });
}
