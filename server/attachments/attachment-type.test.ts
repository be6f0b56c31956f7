import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachmentMessage } from '../../common/attachments.ts';
import { cfbOf, SAMPLE_FILES } from '../test/attachment-files.ts';
import {
  docxOfManyParts,
  docxWith,
  docxWithFourGigabytePart,
  nestedZips,
  xlsxWith,
  zipFrom,
} from '../test/office-files.ts';
import { tempDir } from '../test/temp-dir.ts';
import { checkAttachmentType } from './attachment-type.ts';

const MB = 1024 * 1024;

const pptx = [
  {
    name: '[Content_Types].xml',
    data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
  },
  { name: 'ppt/presentation.xml', data: '<p:presentation/>' },
];

/** What a visitor reads of the file, or "accepted". */
async function verdict(name: string, content: Buffer): Promise<string> {
  const path = join(tempDir(), 'upload');
  writeFileSync(path, content);
  const check = await checkAttachmentType({ name, path, size: content.length });
  return check.ok ? 'accepted' : attachmentMessage(check.problem);
}

const ARCHIVE = /is not a Word file we can check: it holds too many parts, an archive, or parts far larger/;

describe('Office zips clamd could not read whole', () => {
  it('refuses a .docx of 10,050 parts, EICAR the last, by its name', async () => {
    expect(await verdict('brief.docx', docxOfManyParts())).toMatch(
      new RegExp(`^brief\\.docx ${ARCHIVE.source}`),
    );
  });

  it('refuses EICAR in 20 nested zips inside a .docx, named or not as a zip', async () => {
    const nested = nestedZips(20);
    expect(await verdict('a.docx', docxWith({ name: 'word/media/x.zip', data: nested }))).toMatch(ARCHIVE);
    expect(
      await verdict('b.docx', docxWith({ name: 'word/media/image2.png', data: nested, deflate: true })),
    ).toMatch(ARCHIVE);
  });

  it('refuses a few-MB .docx holding a 4 GiB part, and a deflate bomb of zeros', async () => {
    const declared = docxWithFourGigabytePart();
    expect(declared.length).toBeLessThan(5 * MB);
    expect(await verdict('plan.docx', declared)).toMatch(ARCHIVE);
    const zeros = docxWith({ name: 'word/media/image1.png', data: Buffer.alloc(50 * MB), deflate: true });
    expect(zeros.length).toBeLessThan(MB);
    expect(await verdict('zeros.docx', zeros)).toMatch(ARCHIVE);
  });

  it('refuses a spreadsheet past the total a document expands to, each part under the limits', async () => {
    // 31 parts of 150 KB of noise, each declaring 10 MB (a ratio of 68): 310 MB in all.
    const noise = randomBytes(150 * 1024);
    const parts = Array.from({ length: 31 }, (_, index) => ({
      name: `xl/worksheets/sheet${index + 2}.xml`,
      data: noise,
      deflate: true,
      declaredSize: 10 * MB,
    }));
    expect(await verdict('figures.xlsx', xlsxWith(...parts))).toMatch(
      /too many parts, an archive, or parts far larger/,
    );
    expect(await verdict('figures.xlsx', xlsxWith(...parts.slice(0, 25)))).toBe('accepted');
  });

  it('accepts real-looking documents: long text, a chart with its workbook, 1,500 slides', async () => {
    expect(await verdict('brief.docx', SAMPLE_FILES.docx)).toBe('accepted');
    const paragraphs = Array.from(
      { length: 40_000 },
      (_, index) =>
        `<w:p><w:r><w:t>Page ${index}: ${randomBytes(6).toString('hex')}, a shop.</w:t></w:r></w:p>`,
    );
    const text = docxWith({ name: 'word/styles.xml', data: paragraphs.join(''), deflate: true });
    expect(await verdict('long.docx', text)).toBe('accepted');
    const chart = docxWith(
      { name: 'word/charts/chart1.xml', data: '<c:chartSpace/>', deflate: true },
      { name: 'word/embeddings/Microsoft_Excel_Worksheet.xlsx', data: xlsxWith(), deflate: true },
    );
    expect(await verdict('with a chart.docx', chart)).toBe('accepted');
    const slides = Array.from({ length: 1_500 }, (_, index) => ({
      name: `ppt/slides/slide${index}.xml`,
      data: '<p:sld/>',
      deflate: true,
    }));
    expect(await verdict('deck.pptx', zipFrom([...pptx, ...slides]))).toBe('accepted');
  });

  it('refuses a chart workbook that holds a zip in turn', async () => {
    const chart = docxWith({
      name: 'word/embeddings/Microsoft_Excel_Worksheet.xlsx',
      data: xlsxWith({ name: 'xl/media/data.bin', data: nestedZips(1) }),
      deflate: true,
    });
    expect(await verdict('chart.docx', chart)).toMatch(ARCHIVE);
  });
});

describe('macros', () => {
  it('refuses a .docx, .xlsx or .pptx carrying vbaProject.bin, wherever it is in the zip', async () => {
    const vba = { name: 'word/vbaProject.bin', data: cfbOf('VBA', 'PROJECT'), deflate: true };
    expect(await verdict('brief.docx', docxWith(vba))).toBe(
      'brief.docx contains macros, which we do not accept. Save it without them, or as a PDF, and attach it again.',
    );
    expect(await verdict('b.docx', docxWith({ ...vba, name: 'customXml/item9/VBAPROJECT.BIN' }))).toMatch(
      /contains macros/,
    );
    const chart = docxWith({
      name: 'word/embeddings/Microsoft_Excel_Worksheet.xlsx',
      data: xlsxWith({ ...vba, name: 'xl/vbaProject.bin' }),
      deflate: true,
    });
    expect(await verdict('c.docx', chart)).toMatch(/contains macros/);
  });

  it('refuses a .doc or .xls with its macro storage', async () => {
    expect(await verdict('old.doc', cfbOf('WordDocument', 'Macros'))).toMatch(/^old\.doc contains macros/);
    expect(await verdict('old.xls', cfbOf('Workbook', '_VBA_PROJECT_CUR'))).toMatch(
      /^old\.xls contains macros/,
    );
  });
});

describe('old Office formats, by their own stream', () => {
  it('accepts each when its stream says it is that kind', async () => {
    expect(await verdict('a.doc', cfbOf('1Table', 'WordDocument'))).toBe('accepted');
    expect(await verdict('a.xls', cfbOf('Workbook'))).toBe('accepted');
    expect(await verdict('a.xls', cfbOf('Book'))).toBe('accepted');
    expect(await verdict('a.ppt', cfbOf('Current User', 'PowerPoint Document'))).toBe('accepted');
  });

  it('refuses a CFB file whose stream is another kind, or none (an installer, an Outlook message)', async () => {
    expect(await verdict('sheet.doc', cfbOf('Workbook'))).toBe(
      'sheet.doc is not really a Word file, whatever its name says.',
    );
    expect(await verdict('slides.xls', cfbOf('PowerPoint Document'))).toMatch(/not really an Excel file/);
    expect(await verdict('letter.ppt', cfbOf('WordDocument'))).toMatch(/not really a PowerPoint file/);
    expect(await verdict('setup.doc', cfbOf('!_StringData', '!Property'))).toMatch(/not really a Word file/);
    expect(await verdict('bare.xls', SAMPLE_FILES.doc.subarray(0, 512))).toMatch(/not really an Excel file/);
  });
});

describe('hostile containers', () => {
  it('refuses, without hanging or failing, a Compound File whose directory loops or lies far past its end', async () => {
    const looping = Buffer.from(cfbOf('WordDocument'));
    looping.writeUInt32LE(1, 512 + 4); // the directory's sector follows itself
    expect(await verdict('loop.doc', looping)).toMatch(/not really a Word file/);
    const far = Buffer.from(cfbOf('WordDocument'));
    far.writeUInt32LE(0xfffffff0, 0x30); // the directory in a sector 2 TB on
    expect(await verdict('far.doc', far)).toMatch(/not really a Word file/);
  });

  it('refuses a zip whose directory or parts lie past its end', async () => {
    const directoryPast = Buffer.from(docxWith());
    directoryPast.writeUInt32LE(0xfffffff0, directoryPast.length - 22 + 16);
    expect(await verdict('past.docx', directoryPast)).toBe(
      'past.docx is not really a Word file, whatever its name says.',
    );
    const partPast = Buffer.from(docxWith());
    const directoryAt = partPast.readUInt32LE(partPast.length - 22 + 16);
    partPast.writeUInt32LE(0xfffffff0, directoryAt + 42); // the first part's header, 4 GB on
    expect(await verdict('part.docx', partPast)).toBe(
      'part.docx is not really a Word file, whatever its name says.',
    );
  });
});
