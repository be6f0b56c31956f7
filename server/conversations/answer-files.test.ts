import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ATTACHMENT_LIMITS } from '../../common/attachments.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { openStores } from '../stores.ts';
import { fixtureMail, leadWithReply, messagesOf } from '../test/conversation-fixtures.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { checkAnswerFiles, type AnswerFilesOptions } from './answer-files.ts';
import { createConversations } from './conversation-repository.ts';
import { parseIncomingMail } from './incoming-mail.ts';
import { receiveMail } from './receive-mail.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;
const opened: Stores[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const AT = new Date('2026-12-01T12:00:00Z');

async function setUp() {
  const stores = await openStores(testConfig({}, tempDir()));
  opened.push(stores);
  return { stores, lead: await leadWithReply(stores) };
}

/** What the watcher does with a mail: its files checked, then the mail and its files stored. */
async function receive(stores: Stores, raw: Buffer, options: AnswerFilesOptions = {}) {
  const mail = await parseIncomingMail(raw);
  const files = await checkAnswerFiles(mail, { now: () => AT, ...options });
  try {
    return await stores.storage.write.run((trx) =>
      receiveMail(
        trx,
        mail,
        {
          at: AT,
          staff: [{ id: null, email: 'ravi@acme.test', answerEmails: true }],
          mailDomain: 'acme.test',
        },
        files,
      ),
    );
  } finally {
    await files.cleanup();
  }
}

const scannerSaying = (verdict: Awaited<ReturnType<VirusScanner['scan']>>): VirusScanner => ({
  async scan(content) {
    for await (const chunk of content) void chunk;
    return verdict;
  },
});

async function contentOf(stores: Stores, leadId: number, fileId: number) {
  const download = await leadFilesRead(stores.storage.db).download(leadId, fileId);
  const chunks: Buffer[] = [];
  for await (const chunk of download?.content ?? []) chunks.push(chunk);
  return Buffer.concat(chunks).toString('latin1');
}

describe("an answer's files, kept with its lead", () => {
  it('keeps the PDF with the lead, on the message that brought it; the .exe is refused, and the message says so', async () => {
    const { stores, lead } = await setUp();
    expect(await receive(stores, fixtureMail('with-files', lead))).toEqual({ leadId: lead.id, stored: true });
    const [, answer] = await messagesOf(stores, lead.id);
    // The client's text alone; the server's word on the files beside it, never in it.
    expect(answer?.body_text).toBe('Here is the site map, and the installer our old vendor sent.\n\nPriya');
    expect(answer?.file_notes).toBe('setup.exe was not kept: not a file we accept.');
    const files = await leadFilesRead(stores.storage.db).ofLead(lead.id);
    expect(files).toEqual([expect.objectContaining({ name: 'site-map.pdf', mediaType: 'application/pdf' })]);
    expect(files[0]?.scan).toBe('not-scanned');
    expect(await contentOf(stores, lead.id, files[0]?.id ?? 0)).toMatch(/^%PDF-1\.4/);
    const thread = await createConversations(stores.storage, { mailDomain: 'acme.test' }).thread(lead.id);
    expect(thread.map((message) => message.files.map((file) => file.name))).toEqual([[], ['site-map.pdf']]);
  });

  it('never keeps an infected file, and says so', async () => {
    const { stores, lead } = await setUp();
    const infected = scannerSaying({ outcome: 'infected', signature: 'Eicar-Test-Signature' });
    await receive(stores, fixtureMail('with-files', lead), { scanner: infected });
    expect(await leadFilesRead(stores.storage.db).ofLead(lead.id)).toEqual([]);
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer?.file_notes).toContain('site-map.pdf was not kept: it contains a virus.');
    expect(answer?.body_text).not.toContain('virus');
  });

  it('keeps a file "not scanned yet" when clamd does not answer, and "clean" when it does', async () => {
    const { stores, lead } = await setUp();
    const down = scannerSaying({ outcome: 'unavailable', reason: 'connect ECONNREFUSED' });
    await receive(stores, fixtureMail('with-files', lead), { scanner: down });
    const other = await leadWithReply(stores, { replyId: '<reply.0002@acme.test>' });
    const raw = fixtureMail('with-files', other, {
      '<reply.0001@acme.test>': '<reply.0002@acme.test>',
      '<CAGmailFiles456@mail.gmail.com>': '<CAGmailFiles789@mail.gmail.com>',
    });
    await receive(stores, raw, { scanner: scannerSaying({ outcome: 'clean' }) });
    const read = leadFilesRead(stores.storage.db);
    expect((await read.ofLead(lead.id)).map((file) => file.scan)).toEqual(['pending']);
    expect((await read.ofLead(other.id)).map((file) => file.scan)).toEqual(['clean']);
  });

  it("keeps to the quote form's limits per message", async () => {
    const { stores, lead } = await setUp();
    const limits = { ...DEFAULT_ATTACHMENT_LIMITS, maxFileBytes: 100 };
    await receive(stores, fixtureMail('with-files', lead), { limits });
    expect(await leadFilesRead(stores.storage.db).ofLead(lead.id)).toEqual([]);
    const [, answer] = await messagesOf(stores, lead.id);
    expect(answer?.file_notes).toContain('site-map.pdf was not kept: larger than 100 bytes.');
  });

  it('stores the files once when the same mail is read again', async () => {
    const { stores, lead } = await setUp();
    await receive(stores, fixtureMail('with-files', lead));
    expect(await receive(stores, fixtureMail('with-files', lead))).toEqual({
      leadId: lead.id,
      stored: false,
    });
    expect(await leadFilesRead(stores.storage.db).ofLead(lead.id)).toHaveLength(1);
  });
});
