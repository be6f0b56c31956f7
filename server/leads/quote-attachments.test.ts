import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { databaseContent } from '../attachments/attachment-content.ts';
import type { ScanVerdict, VirusScanner } from '../security/virus-scanner.ts';
import { EICAR, SAMPLE_FILES } from '../test/attachment-files.ts';
import { hasClamd, startClamdServer } from '../test/clamd-server.ts';
import { sameOnEveryDatabase } from '../test/database-kind.ts';
import { navigationHeaders, validQuote } from '../test/form-request.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { filesUnder, injectWithFiles, type SentFile } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];
const MB = 1024 * 1024;

async function appWithFiles(options: { env?: Record<string, string>; scanner?: VirusScanner } = {}) {
  const uploadRoot = tempDir();
  const { app } = await testApp({ ...options, uploadRoot });
  return { app, uploadRoot };
}

async function storedFiles(app: App) {
  const rows = await tablesOf<AttachmentTables>(app.storage.db)
    .selectFrom('lead_attachments')
    .selectAll()
    .orderBy('position')
    .execute();
  const content = databaseContent(app.storage.db);
  return Promise.all(
    rows.map(async (row) => {
      const chunks: Buffer[] = [];
      for await (const chunk of content.read(row.id)) chunks.push(chunk);
      return { ...row, content: Buffer.concat(chunks) };
    }),
  );
}

async function expectNothingStored(app: App, uploadRoot: string) {
  expect(
    await tablesOf<LeadTables>(app.storage.db).selectFrom('quote_requests').select('id').execute(),
  ).toEqual([]);
  expect(
    await tablesOf<AttachmentTables>(app.storage.db).selectFrom('lead_attachments').select('id').execute(),
  ).toEqual([]);
  expect(
    await tablesOf<AttachmentTables>(app.storage.db).selectFrom('attachment_chunks').select('seq').execute(),
  ).toEqual([]);
  await expect.poll(() => filesUnder(uploadRoot)).toEqual([]);
}

/** A scanner that answers each file with the verdict for its content. */
function fakeScanner(verdict: (content: Buffer) => ScanVerdict): VirusScanner & { scanned: number } {
  const scanner = {
    scanned: 0,
    async scan(content: AsyncIterable<Uint8Array>) {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(Buffer.from(chunk));
      scanner.scanned++;
      return verdict(Buffer.concat(chunks));
    },
  };
  return scanner;
}

describe('a quote request with files', () => {
  it('stores the lead and its files byte for byte, then answers "success" and leaves no upload behind', async () => {
    const { app, uploadRoot } = await appWithFiles();
    const large = Buffer.concat([SAMPLE_FILES.pdf, randomBytes(600 * 1024)]);
    const files: SentFile[] = [
      ['brief.pdf', large],
      ['C:\\Users\\priya\\Requirements.docx', SAMPLE_FILES.docx],
      ['prices.csv', SAMPLE_FILES.csv],
    ];
    const response = await injectWithFiles(app, files);

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(QUOTE_SUCCESS_REPLY);
    const [lead] = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .selectAll()
      .execute();
    const stored = await storedFiles(app);
    expect(stored.map((file) => [file.name, file.media_type, file.scan, Number(file.size)])).toEqual([
      ['brief.pdf', 'application/pdf', 'not-scanned', large.length],
      [
        'Requirements.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'not-scanned',
        SAMPLE_FILES.docx.length,
      ],
      ['prices.csv', 'text/csv', 'not-scanned', SAMPLE_FILES.csv.length],
    ]);
    for (const [index, file] of stored.entries()) {
      const sent = files[index]![1] as Buffer;
      expect(file.quote_request_id).toBe(lead!.id);
      expect(file.content.equals(sent)).toBe(true);
      expect(file.sha256).toBe(createHash('sha256').update(sent).digest('hex'));
    }
    await expect.poll(() => filesUnder(uploadRoot)).toEqual([]);
  });

  it('takes every accepted kind, and ignores the empty part of a file control left empty', async () => {
    const { app } = await appWithFiles({
      env: { ATTACHMENT_MAX_FILES: '20', ATTACHMENT_MAX_TOTAL_MB: '30' },
    });
    const kinds = Object.entries(SAMPLE_FILES).filter(([extension]) => extension !== 'exe');
    const response = await injectWithFiles(app, [
      ...kinds.map(([extension, content]): SentFile => [`file.${extension}`, content]),
      ['', ''],
    ]);
    expect(response.body).toBe(QUOTE_SUCCESS_REPLY);
    expect((await storedFiles(app)).map((file) => file.name)).toEqual(
      kinds.map(([extension]) => `file.${extension}`),
    );
  });

  it('is taken at /sendMail.php too', async () => {
    const { app } = await appWithFiles();
    const response = await injectWithFiles(app, [['screen.png', SAMPLE_FILES.png]], { url: '/sendMail.php' });
    expect(response.body).toBe(QUOTE_SUCCESS_REPLY);
    expect((await storedFiles(app)).map((file) => file.media_type)).toEqual(['image/png']);
  });
});

const problemCases: [string, Record<string, string>, SentFile[], number, string][] = [
  [
    'too many files',
    {},
    Array.from({ length: 6 }, (_, i): SentFile => [`page-${i}.pdf`, SAMPLE_FILES.pdf]),
    413,
    'Attach at most 5 files.',
  ],
  [
    'a file over the limit',
    { ATTACHMENT_MAX_FILE_MB: '1' },
    [['scan.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(MB)])]],
    413,
    'scan.pdf is larger than 1 MB.',
  ],
  [
    'files together over the limit',
    { ATTACHMENT_MAX_FILE_MB: '1', ATTACHMENT_MAX_TOTAL_MB: '2' },
    ['a', 'b', 'c'].map((name): SentFile => [
      `${name}.pdf`,
      Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(0.7 * MB)]),
    ]),
    413,
    'The files together can be at most 2 MB.',
  ],
  ['a kind not accepted', {}, [['site.zip', SAMPLE_FILES.docx]], 415, 'site.zip is not a file we accept.'],
  [
    'a program named .pdf',
    {},
    [['invoice.pdf', SAMPLE_FILES.exe]],
    415,
    'invoice.pdf is not really a PDF file',
  ],
  ['a PDF named .png', {}, [['photo.png', SAMPLE_FILES.pdf]], 415, 'photo.png is not really a PNG file'],
  [
    'text that is not UTF-8',
    {},
    [['notes.txt', Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x0a])]],
    415,
    'notes.txt is not really a text file',
  ],
  [
    'text with a NUL byte',
    {},
    [['data.csv', Buffer.from('a,b\n1,\u00002\n')]],
    415,
    'data.csv is not really a CSV file',
  ],
  ['an empty file', {}, [['empty.pdf', '']], 415, 'empty.pdf is empty.'],
];

// Refused before anything is stored: the same on every database (decision 072).
sameOnEveryDatabase('a refused file', () => {
  it.each(problemCases)(
    '%s: refused with its status, naming it, nothing stored',
    async (_case, env, files, status, line) => {
      const { app, uploadRoot } = await appWithFiles({ env });
      const response = await injectWithFiles(app, files);
      expect(response.statusCode).toBe(status);
      const [summary, ...lines] = response.body.trim().split('\n');
      expect(summary).toBe('A file you attached was refused, so the quote request was not sent.');
      expect(lines.some((text) => text.startsWith(`attachments: ${line}`))).toBe(true);
      await expectNothingStored(app, uploadRoot);
    },
  );

  it('is listed with every other refused file, and with the fields to correct', async () => {
    const { app } = await appWithFiles();
    const response = await injectWithFiles(
      app,
      [
        ['a.exe', SAMPLE_FILES.exe],
        ['b.pdf', ''],
        ['c.pdf', SAMPLE_FILES.pdf],
      ],
      {
        fields: { ...validQuote, email: 'not an address' },
      },
    );
    expect(response.statusCode).toBe(415);
    const lines = response.body.trim().split('\n');
    expect(lines.filter((text) => text.startsWith('attachments: '))).toHaveLength(2);
    expect(lines.some((text) => text.startsWith('email: '))).toBe(true);
  });

  it('gives a native post the page with the files listed, asking to attach them again', async () => {
    const { app } = await appWithFiles();
    const response = await injectWithFiles(app, [['invoice.pdf', SAMPLE_FILES.exe]], {
      headers: navigationHeaders,
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('invoice.pdf is not really a PDF file');
    expect(response.body).toContain('please attach them again');
    expect(response.body).toContain(`value="${validQuote.name}"`);
  });
});

sameOnEveryDatabase('a native post over a limit', () => {
  it('gets the page with what was typed, the problem and the request to attach the files again', async () => {
    const { app } = await appWithFiles();
    const files = Array.from({ length: 6 }, (_, i): SentFile => [`page-${i}.pdf`, SAMPLE_FILES.pdf]);
    const response = await injectWithFiles(app, files, { headers: navigationHeaders });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('Attach at most 5 files.');
    expect(response.body).toContain('please attach them again');
    expect(response.body).toContain(`value="${validQuote.name}"`);
  });
});

describe('the virus scan at intake', () => {
  const verdicts = (content: Buffer): ScanVerdict =>
    content.includes(EICAR)
      ? { outcome: 'infected', signature: 'Eicar-Test-Signature' }
      : { outcome: 'clean' };

  it('refuses a file with a virus (422), naming it, and stores nothing', async () => {
    const { app, uploadRoot } = await appWithFiles({ scanner: fakeScanner(verdicts) });
    const response = await injectWithFiles(app, [
      ['ok.txt', 'fine'],
      ['eicar.txt', EICAR],
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('attachments: eicar.txt contains a virus, so we did not accept it.');
    expect(response.body).not.toContain('ok.txt');
    await expectNothingStored(app, uploadRoot);
  });

  it('marks clean files clean, and keeps files "pending" while the scanner is unavailable', async () => {
    const clean = await appWithFiles({ scanner: fakeScanner(verdicts) });
    expect((await injectWithFiles(clean.app, [['a.txt', 'fine']])).body).toBe(QUOTE_SUCCESS_REPLY);
    const [cleanFile] = await storedFiles(clean.app);
    expect(cleanFile).toMatchObject({ scan: 'clean' });
    expect(cleanFile!.scanned_at).not.toBeNull();

    const down = await appWithFiles({
      scanner: fakeScanner(() => ({ outcome: 'unavailable', reason: 'timed out' })),
    });
    expect((await injectWithFiles(down.app, [['a.txt', 'fine']])).body).toBe(QUOTE_SUCCESS_REPLY);
    expect(await storedFiles(down.app)).toMatchObject([{ scan: 'pending', scanned_at: null }]);
  });

  it('does not scan the files of a request whose fields are wrong', async () => {
    const scanner = fakeScanner(verdicts);
    const { app } = await appWithFiles({ scanner });
    const response = await injectWithFiles(app, [['a.txt', 'fine']], {
      fields: { ...validQuote, email: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(scanner.scanned).toBe(0);
  });
});

describe.skipIf(!hasClamd)('the real clamd at CLAMD_URL', () => {
  const servers: Awaited<ReturnType<typeof startClamdServer>>[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });

  it('EICAR with the real clamd is refused on both databases', async () => {
    const clamd = await startClamdServer();
    servers.push(clamd);
    const { app, uploadRoot } = await appWithFiles({ env: { CLAMD_URL: clamd.url } });

    const infected = await injectWithFiles(app, [
      ['brief.txt', 'fine'],
      ['eicar.txt', EICAR],
    ]);
    expect(infected.statusCode).toBe(422);
    expect(infected.body).toContain('attachments: eicar.txt contains a virus, so we did not accept it.');
    await expectNothingStored(app, uploadRoot);

    expect((await injectWithFiles(app, [['brief.txt', 'fine']])).body).toBe(QUOTE_SUCCESS_REPLY);
    expect(await storedFiles(app)).toMatchObject([{ name: 'brief.txt', scan: 'clean' }]);
  }, 30_000);
});
