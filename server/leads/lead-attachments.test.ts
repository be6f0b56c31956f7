import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_CHUNK_BYTES } from '../attachments/attachment-tables.ts';
import type { Config } from '../config/config.ts';
import { openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { storeAttachment } from '../test/stored-attachment.ts';
import { testApp } from '../test/test-app.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function storesOf(config: Config) {
  const stores = await openStores(config);
  opened.push(stores);
  return stores;
}

/** A lead with a clean PDF of three chunks, a pending and an infected file, and a staff member. */
async function leadWithFiles() {
  const { app, config } = await testApp();
  const staff = await staffMember(app, config);
  expect((await injectQuote(app, { name: 'Priya Sharma' })).body).toBe('success');
  const { storage } = await storesOf(config);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * ATTACHMENT_CHUNK_BYTES + 1234)]);
  const ids = {
    pdf: await storeAttachment(storage, 1, { name: 'Brief – प्रिया (v2).pdf', content: pdf }),
    pending: await storeAttachment(storage, 1, {
      name: 'notes.txt',
      content: Buffer.from('Call us'),
      scan: 'pending',
      position: 1,
    }),
    infected: await storeAttachment(storage, 1, {
      name: 'eicar.txt',
      content: Buffer.from('X5O!P%@AP'),
      scan: 'infected',
      position: 2,
    }),
  };
  const get = (path: string, cookie: string | undefined = staff.cookie) =>
    api(app, config, 'GET', path, cookie ? { cookie } : {});
  return { app, config, storage, staff, pdf, ids, get };
}

describe("a lead's files in the inbox", () => {
  it("are listed on the lead's page with name, size, type and scan state, in the order sent", async () => {
    const { get, pdf, ids } = await leadWithFiles();
    const detail = await get('/leads/1');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().attachments).toEqual([
      {
        id: ids.pdf,
        name: 'Brief – प्रिया (v2).pdf',
        size: pdf.length,
        mediaType: 'application/pdf',
        scan: 'clean',
      },
      { id: ids.pending, name: 'notes.txt', size: 7, mediaType: 'text/plain', scan: 'pending' },
      { id: ids.infected, name: 'eicar.txt', size: 9, mediaType: 'text/plain', scan: 'infected' },
    ]);
  });

  it('downloads byte for byte, to save under its own name, never shown inline or cached', async () => {
    const { get, pdf, ids } = await leadWithFiles();
    const download = await get(`/leads/1/attachments/${ids.pdf}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `attachment; filename="Brief _ ______ (v2).pdf"; filename*=UTF-8''Brief%20%E2%80%93%20%E0%A4%AA%E0%A5%8D%E0%A4%B0%E0%A4%BF%E0%A4%AF%E0%A4%BE%20%28v2%29.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
  });

  it('refuses a file waiting for its scan, or infected, with a reason, and never sends its content', async () => {
    const { get, ids } = await leadWithFiles();
    const pending = await get(`/leads/1/attachments/${ids.pending}`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({
      error: 'not-downloadable',
      message: 'notes.txt cannot be downloaded yet: the virus scanner has not checked it. Try again later.',
    });
    const infected = await get(`/leads/1/attachments/${ids.infected}`);
    expect(infected.statusCode).toBe(409);
    expect(infected.json().message).toBe(
      'eicar.txt cannot be downloaded: the virus scanner found a virus in it.',
    );
    expect(infected.body).not.toContain('X5O');
  });

  it('is for staff only, and only through its own lead', async () => {
    const { app, get, ids } = await leadWithFiles();
    expect((await get(`/leads/1/attachments/${ids.pdf}`, '')).statusCode).toBe(401);
    expect((await injectQuote(app, { name: 'Ravi Kumar' })).body).toBe('success');
    expect((await get(`/leads/2/attachments/${ids.pdf}`)).statusCode).toBe(404);
    expect((await get(`/leads/1/attachments/999`)).statusCode).toBe(404);
  });

  it('a text file says its charset', async () => {
    const { get, storage } = await leadWithFiles();
    const id = await storeAttachment(storage, 1, {
      name: 'brief.csv',
      content: Buffer.from('a,b\n'),
      position: 3,
    });
    const download = await get(`/leads/1/attachments/${id}`);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.body).toBe('a,b\n');
  });
});
