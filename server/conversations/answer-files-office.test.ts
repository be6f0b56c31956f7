import { describe, expect, it } from 'vitest';
import { cfbOf } from '../test/attachment-files.ts';
import { docxOfManyParts, docxWith } from '../test/office-files.ts';
import { checkAnswerFiles } from './answer-files.ts';

const file = (name: string, content: Buffer) => ({ name, size: content.length, content });

describe("an answer's Office files", () => {
  it('keeps the document, and says which were not kept: macros, an archive, a .doc that is a workbook', async () => {
    const files = await checkAnswerFiles(
      {
        attachments: [
          file('Signed brief.docx', docxWith()),
          file('Macro.docx', docxWith({ name: 'word/vbaProject.bin', data: cfbOf('VBA'), deflate: true })),
          file('Parts.docx', docxOfManyParts()),
          file('Old.doc', cfbOf('Workbook')),
        ],
      },
      {},
    );
    try {
      expect(files.kept.map((kept) => kept.name)).toEqual(['Signed brief.docx']);
      expect(files.refused).toEqual([
        'Macro.docx was not kept: it contains macros.',
        'Parts.docx was not kept: it holds too many parts, an archive, or parts far larger than itself.',
        'Old.doc was not kept: not really a Word file.',
      ]);
    } finally {
      await files.cleanup();
    }
  });
});
