/** A visitor's file refused as a virus is in the inbox's activity log, though nothing of the quote is stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { EICAR } from '../test/attachment-files.ts';
import { hasClamd, startClamdServer, type ClamdServer } from '../test/clamd-server.ts';
import { validQuote } from '../test/form-request.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import { injectWithFiles } from '../test/upload-request.ts';

describe.skipIf(!hasClamd)('a quote refused because a file holds a virus (the real clamd)', () => {
  let clamd: ClamdServer;
  beforeAll(async () => {
    clamd = await startClamdServer();
  }, 60_000);
  afterAll(() => clamd?.stop());

  it('is one line of the activity log, by the system, naming what was found and neither the visitor nor the file', async () => {
    const { app, config } = await testApp({ env: { CLAMD_URL: clamd.url }, uploadRoot: tempDir() });
    const refused = await injectWithFiles(app, [
      ['brief.txt', 'A new website, three pages.'],
      ['invoice-priya.txt', EICAR],
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(
      'attachments: invoice-priya.txt contains a virus, so we did not accept it.',
    );

    const staff = await staffMember(app, config);
    const log = (await api(app, config, 'GET', '/activity', { cookie: staff.cookie })).json() as {
      entries: { action: string; by: string | null; summary: string; leadId: number | null }[];
    };
    const entries = log.entries.filter((entry) => entry.action === 'virus-refused');
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        action: 'virus-refused',
        by: null,
        leadId: null,
        summary: expect.stringMatching(
          /^A quote request was refused: a file held a virus \(Eicar-Test-Signature[^)]*\)\. Nothing was stored/,
        ),
      },
    ]);
    expect(entries[0]!.summary).not.toContain('invoice-priya');
    expect(entries[0]!.summary).not.toContain(validQuote.email);
  }, 30_000);

  it('is not written for a quote whose files are clean', async () => {
    const { app, config } = await testApp({ env: { CLAMD_URL: clamd.url }, uploadRoot: tempDir() });
    expect((await injectWithFiles(app, [['brief.txt', 'A new website.']])).statusCode).toBe(200);
    const staff = await staffMember(app, config);
    const log = (await api(app, config, 'GET', '/activity', { cookie: staff.cookie })).json() as {
      entries: { action: string }[];
    };
    expect(log.entries.map((entry) => entry.action)).not.toContain('virus-refused');
  }, 30_000);
});
