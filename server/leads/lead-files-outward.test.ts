import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { keptMail } from '../test/kept-mail.ts';
import { storeAttachment } from '../test/stored-attachment.ts';
import { testApp } from '../test/test-app.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/** A lead with two files (the second waiting for its scan), and one without. */
async function leadsWithFiles() {
  const { app, config } = await testApp();
  expect((await injectQuote(app, { name: 'Priya Sharma' })).body).toBe('success');
  expect((await injectQuote(app, { name: 'Ravi Kumar' })).body).toBe('success');
  const stores = await openStores(config);
  opened.push(stores);
  const pdf = Buffer.from('%PDF-1.7 the brief itself');
  await storeAttachment(stores.storage, 1, {
    name: '=HYPERLINK("x").txt',
    content: Buffer.from('notes'),
    scan: 'pending',
  });
  await storeAttachment(stores.storage, 1, { name: 'Brief, v2.pdf', content: pdf, position: 1 });
  const reference = (await stores.leads.get(1))?.reference ?? '';
  return { app, config, pdf, reference };
}

describe("a lead's files beyond the inbox", () => {
  it('are named with their sizes in the notification, which links to the lead and never carries them', async () => {
    const { app, config, pdf, reference } = await leadsWithFiles();
    await app.outboxWorker.runOnce();
    const mails = await Promise.all((await keptMail(config)).map(({ eml }) => simpleParser(eml)));
    const priya = mails.find((mail) => mail.subject?.includes('Priya'));
    expect(priya?.text).toContain(
      `Attachments (2):\n- =HYPERLINK("x").txt (5 bytes)\n- Brief, v2.pdf (${pdf.length} bytes)`,
    );
    expect(priya?.text).toContain(`https://www.acme.test/admin?q=${reference}`);
    expect(priya?.attachments).toEqual([]);
    expect(mails.find((mail) => mail.subject?.includes('Ravi'))?.text).not.toContain('Attachments');
  });

  it('are a column of the CSV export: each lead\'s file names joined by "; "', async () => {
    const { app, config } = await leadsWithFiles();
    const staff = await staffMember(app, config);
    const csv = (await api(app, config, 'GET', '/leads/export.csv', { cookie: staff.cookie })).body;
    const [header, priya, ravi] = csv.split('\r\n');
    // Before the conversation's two columns (no message yet, no answer).
    expect(header?.split(',').slice(-3)).toEqual(['"attachments"', '"messages"', '"last_answer_at"']);
    // Formula-safe, like every other column.
    expect(priya).toMatch(/,"'=HYPERLINK\(""x""\)\.txt; Brief, v2\.pdf","0",""$/);
    expect(ravi).toMatch(/,"","0",""$/);
  });
});
