import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { cfbOf } from '../test/attachment-files.ts';
import { hasClamd, startClamdServer, type ClamdServer } from '../test/clamd-server.ts';
import { docxOfManyParts, docxWith, docxWithFourGigabytePart, nestedZips } from '../test/office-files.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { filesUnder, injectWithFiles } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { LeadTables } from './quote-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function expectNothingStored(app: App, uploadRoot: string) {
  expect(
    await tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').select('id').execute(),
  ).toEqual([]);
  expect(
    await tablesOf<AttachmentTables>(app.storage.db).selectFrom('lead_attachments').select('id').execute(),
  ).toEqual([]);
  await expect.poll(() => filesUnder(uploadRoot)).toEqual([]);
}

describe.skipIf(!hasClamd)(
  'Office files clamd could not read whole, with the real clamd at CLAMD_URL',
  () => {
    let clamd: ClamdServer;
    beforeAll(async () => {
      clamd = await startClamdServer();
    }, 60_000);
    afterAll(() => clamd?.stop());

    it('refuses the three archives that passed as clean, each by its name, and stores nothing', async () => {
      const uploadRoot = tempDir();
      const { app } = await testApp({ env: { CLAMD_URL: clamd.url }, uploadRoot });

      const response = await injectWithFiles(app, [
        ['Requirements.docx', docxOfManyParts()],
        ['Site map.docx', docxWith({ name: 'word/media/image1.png', data: nestedZips(20), deflate: true })],
        ['Budget.docx', docxWithFourGigabytePart()],
      ]);

      expect(response.statusCode).toBe(415);
      for (const name of ['Requirements.docx', 'Site map.docx', 'Budget.docx']) {
        expect(response.body).toContain(
          `attachments: ${name} is not a Word file we can check: it holds too many parts, an archive, or parts far larger than the file itself.`,
        );
      }
      await expectNothingStored(app, uploadRoot);
    }, 60_000);

    it('refuses macros and an old Office file that is another kind; takes the corrected files, scanned clean', async () => {
      const uploadRoot = tempDir();
      const { app } = await testApp({ env: { CLAMD_URL: clamd.url }, uploadRoot });

      const refused = await injectWithFiles(app, [
        ['Brief.docx', docxWith({ name: 'word/vbaProject.bin', data: cfbOf('VBA'), deflate: true })],
        ['Prices.xls', cfbOf('WordDocument')],
      ]);
      expect(refused.statusCode).toBe(415);
      expect(refused.body).toContain('attachments: Brief.docx contains macros, which we do not accept.');
      expect(refused.body).toContain(
        'attachments: Prices.xls is not really an Excel file, whatever its name says.',
      );
      await expectNothingStored(app, uploadRoot);

      const taken = await injectWithFiles(app, [
        ['Brief.docx', docxWith()],
        ['Prices.xls', cfbOf('Workbook')],
      ]);
      expect(taken.body).toBe(QUOTE_SUCCESS_REPLY);
      const stored = await tablesOf<AttachmentTables>(app.storage.db)
        .selectFrom('lead_attachments')
        .select(['name', 'scan'])
        .orderBy('position')
        .execute();
      expect(stored).toEqual([
        { name: 'Brief.docx', scan: 'clean' },
        { name: 'Prices.xls', scan: 'clean' },
      ]);
    }, 60_000);
  },
);
