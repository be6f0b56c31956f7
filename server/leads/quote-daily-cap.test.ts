/** ATTACHMENT_DAILY_MB: past the day's bytes a quote is still taken, without its files, and everyone is told. */
import { describe, expect, it } from 'vitest';
import { QUOTE_FILES_HEADER, QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { SAMPLE_FILES } from '../test/attachment-files.ts';
import { navigationHeaders } from '../test/form-request.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { injectWithFiles } from '../test/upload-request.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';

const KB = 1024;
/** A PDF of 300 KB: three fit in a day of 1 MB, a fourth does not. */
const brief = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(300 * KB - SAMPLE_FILES.pdf.length)]);
const capped = { ATTACHMENT_DAILY_MB: '1', ATTACHMENT_MAX_TOTAL_MB: '1' };

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function keptFiles(app: App) {
  return tablesOf<AttachmentTables>(app.storage.db)
    .selectFrom('lead_attachments')
    .select(['quote_request_id', 'name'])
    .orderBy('id')
    .execute();
}

async function leadIds(app: App) {
  return (
    await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('id')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
}

describe('the daily cap on stored files', () => {
  it('takes the quote that passes it without its files, tells the visitor, and says so on the lead', async () => {
    let now = new Date('2026-11-30T10:00:00Z');
    const { app } = await testApp({ env: capped, now: () => now });
    for (let index = 0; index < 3; index++) {
      const taken = await injectWithFiles(app, [[`brief-${index}.pdf`, brief]]);
      expect(taken.body).toBe(QUOTE_SUCCESS_REPLY);
      expect(taken.headers[QUOTE_FILES_HEADER]).toBeUndefined();
    }

    const over = await injectWithFiles(app, [['plan.pdf', brief]]);
    expect(over.statusCode).toBe(200);
    expect(over.body).toBe(QUOTE_SUCCESS_REPLY);
    expect(over.headers[QUOTE_FILES_HEADER]).toBe('not-kept');
    const ids = await leadIds(app);
    expect(ids).toHaveLength(4);
    const last = ids.at(-1);
    expect((await keptFiles(app)).map((file) => file.name)).toEqual([
      'brief-0.pdf',
      'brief-1.pdf',
      'brief-2.pdf',
    ]);
    const events = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('lead_events')
      .select(['quote_request_id', 'kind', 'actor', 'text'])
      .where('kind', '=', 'files')
      .execute();
    expect(events).toEqual([
      {
        quote_request_id: last,
        kind: 'files',
        actor: null,
        text: 'The file sent with this request (plan.pdf, 0.3 MB) was not kept: the website had already stored its limit of 1.0 MB of files for today (UTC). The visitor was told; ask them to send the files again.',
      },
    ]);

    // Without JavaScript, the visitor lands on the page that says so.
    const native = await injectWithFiles(app, [['plan.pdf', brief]], { headers: navigationHeaders });
    expect(native.statusCode).toBe(303);
    expect(native.headers.location).toBe('/thank-you-files-not-kept');

    // A quote without files is taken as ever; the next day (UTC) files are kept again.
    expect((await injectWithFiles(app, [])).headers[QUOTE_FILES_HEADER]).toBeUndefined();
    now = new Date('2026-12-01T00:00:01Z');
    const nextDay = await injectWithFiles(app, [['again.pdf', brief]]);
    expect(nextDay.headers[QUOTE_FILES_HEADER]).toBeUndefined();
    expect((await keptFiles(app)).map((file) => file.name)).toContain('again.pdf');
  });

  it('is never passed by quotes sent at once: only the files that fit are kept', async () => {
    const { app } = await testApp({ env: capped });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) => injectWithFiles(app, [[`brief-${index}.pdf`, brief]])),
    );
    expect(replies.map((reply) => reply.body)).toEqual(Array(8).fill(QUOTE_SUCCESS_REPLY));
    expect(replies.filter((reply) => reply.headers[QUOTE_FILES_HEADER] === 'not-kept')).toHaveLength(5);
    expect(await keptFiles(app)).toHaveLength(3);
  });

  it.skipIf(testDatabase !== 'postgres')(
    'is one count for every instance, kept in the database',
    async () => {
      const config = testConfig(capped);
      const [a, b] = [(await testApp({ config })).app, (await testApp({ config })).app];
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          injectWithFiles(index % 2 === 0 ? a : b, [[`brief-${index}.pdf`, brief]]),
        ),
      );
      expect(replies.filter((reply) => reply.headers[QUOTE_FILES_HEADER] === 'not-kept')).toHaveLength(5);
      expect(await keptFiles(a)).toHaveLength(3);
    },
  );
});
