/**
 * A file part the parser cannot keep (sent without a name, a name with a line break in it, another
 * field than the form's) is refused by name, with the reason: never "success" with the file gone.
 */
import { describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { fetchHeaders, validQuote } from '../test/form-request.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { filesUnder } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { LeadTables } from './quote-tables.ts';

const BOUNDARY = 'lost-files-boundary';

/** A multipart body written by hand: the sample quote's fields, then each part as given. */
function body(parts: { disposition: string; type?: string; content: Buffer | string }[]): Buffer {
  const pieces: Buffer[] = [];
  const add = (text: string | Buffer) => pieces.push(Buffer.isBuffer(text) ? text : Buffer.from(text));
  for (const [name, value] of Object.entries(validQuote)) {
    add(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const part of parts) {
    add(`--${BOUNDARY}\r\nContent-Disposition: ${part.disposition}\r\n`);
    if (part.type) add(`Content-Type: ${part.type}\r\n`);
    add('\r\n');
    add(part.content);
    add('\r\n');
  }
  add(`--${BOUNDARY}--\r\n`);
  return Buffer.concat(pieces);
}

async function post(parts: Parameters<typeof body>[0]) {
  const uploadRoot = tempDir();
  const { app } = await testApp({ uploadRoot });
  const response = await app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: body(parts),
    headers: { ...fetchHeaders, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  const leads = await tablesOf<LeadTables>(app.storage.db)
    .selectFrom('quote_requests')
    .select('id')
    .execute();
  const files = await tablesOf<AttachmentTables>(app.storage.db)
    .selectFrom('lead_attachments')
    .select('name')
    .execute();
  return { response, lines: response.body.trim().split('\n'), leads, files, uploadRoot };
}

const pdf = (name: string) => ({
  disposition: `form-data; name="attachments"; filename="${name}"`,
  type: 'application/pdf',
  content: SAMPLE_FILES.pdf,
});

// Each test builds its own app: on a loaded machine that alone can take seconds.
describe('a file part that cannot be kept', { timeout: 20_000 }, () => {
  it('without a file name is refused by its place among the files, and nothing is stored', async () => {
    const sent = await post([
      pdf('brief.pdf'),
      { disposition: 'form-data; name="attachments"', type: 'application/pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(sent.response.statusCode).toBe(415);
    expect(sent.lines[0]).toBe('A file you attached was refused, so the quote request was not sent.');
    expect(sent.lines).toContain(
      'attachments: The 2nd file came without a name, so we could not keep it. Attach it again.',
    );
    expect(sent.leads).toEqual([]);
    expect(sent.files).toEqual([]);
    await expect.poll(() => filesUnder(sent.uploadRoot)).toEqual([]);
  });

  it('with an empty file name and content is refused the same way (it was a bare "malformed")', async () => {
    const sent = await post([
      { disposition: 'form-data; name="attachments"; filename=""', type: 'application/pdf', content: 'data' },
    ]);
    expect(sent.response.statusCode).toBe(415);
    expect(sent.lines).toContain(
      'attachments: The 1st file came without a name, so we could not keep it. Attach it again.',
    );
    expect(sent.leads).toEqual([]);
  });

  it.each([
    ["filename*=UTF-8''brief%0D%0A.pdf", 'brief.pdf'],
    ["filename*=utf-8''Kosten%0Avoranschlag.pdf", 'Kostenvoranschlag.pdf'],
  ])('with a line break in its name (%s) is refused by that name', async (parameter, shown) => {
    const sent = await post([
      pdf('notes.pdf'),
      {
        disposition: `form-data; name="attachments"; ${parameter}`,
        type: 'application/pdf',
        content: SAMPLE_FILES.pdf,
      },
    ]);
    expect(sent.response.statusCode).toBe(415);
    expect(sent.lines).toContain(
      `attachments: ${shown} has a line break in its name, so we could not keep it. Rename the file and attach it again.`,
    );
    expect(sent.leads).toEqual([]);
    expect(sent.files).toEqual([]);
  });

  it("sent in another field than the form's is refused by name", async () => {
    const sent = await post([
      {
        disposition: 'form-data; name="upload"; filename="brief.pdf"',
        type: 'application/pdf',
        content: SAMPLE_FILES.pdf,
      },
    ]);
    expect(sent.response.statusCode).toBe(415);
    expect(sent.lines).toContain(
      'attachments: brief.pdf was not sent as an attachment of this form, so we could not keep it. Attach it again.',
    );
    expect(sent.leads).toEqual([]);
  });

  it('is listed with the fields to correct', async () => {
    const uploadRoot = tempDir();
    const { app } = await testApp({ uploadRoot });
    const payload = body([
      { disposition: 'form-data; name="attachments"', type: 'application/pdf', content: SAMPLE_FILES.pdf },
    ])
      .toString('latin1')
      .replace(`name="email"\r\n\r\n${validQuote.email}`, 'name="email"\r\n\r\nnot an address');
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: Buffer.from(payload, 'latin1'),
      headers: { ...fetchHeaders, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const lines = response.body.trim().split('\n');
    expect(lines.some((line) => line.startsWith('attachments: The 1st file came without a name'))).toBe(true);
    expect(lines.some((line) => line.startsWith('email: '))).toBe(true);
  });
});

describe('the parts a browser sends that are not lost files', { timeout: 20_000 }, () => {
  it('an empty file control (no name, no bytes) is still ignored, and the quote taken', async () => {
    const sent = await post([
      pdf('brief.pdf'),
      {
        disposition: 'form-data; name="attachments"; filename=""',
        type: 'application/octet-stream',
        content: '',
      },
    ]);
    expect(sent.response.body).toBe(QUOTE_SUCCESS_REPLY);
    expect(sent.files).toEqual([{ name: 'brief.pdf' }]);
  });
});
