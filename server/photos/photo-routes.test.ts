import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_WIDTHS, photoPath } from '../../common/site-content/photos.ts';
import type { Config } from '../config/config.ts';
import type { FastifyInstance } from 'fastify';
import { api, staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testApp } from '../test/test-app.ts';
import { openStores } from '../stores.ts';
import { removePhotosExcept, storedPhotoIds } from './photo-store.ts';

async function testImage(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: width % 256, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();
}

async function upload(app: FastifyInstance, config: Config, cookie: string, bytes: Buffer) {
  return api(app, config, 'POST', '/website/photos', { cookie, body: { data: bytes.toString('base64') } });
}

async function signedInAdmin() {
  const { app, config } = await testApp();
  const { cookie } = await staffMember(app, config, 'asha.rao@acme.test');
  return { app, config, cookie };
}

describe(`the team photos, on ${testDatabase}`, () => {
  it('are uploaded by an admin and served at hashed addresses, cached for ever', async () => {
    const { app, config, cookie } = await signedInAdmin();
    const response = await upload(app, config, cookie, await testImage(900, 700, 'jpeg'));
    expect(response.statusCode).toBe(200);
    const { id, previewPath } = response.json<{ id: string; previewPath: string }>();
    expect(previewPath).toBe(`/photos/${id}-160.webp`);
    for (const width of PHOTO_WIDTHS) {
      const served = await app.inject({ method: 'GET', url: photoPath(id, width) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.width, metadata.height]).toEqual([width, width]);
    }
    // The same file again is the same photo.
    expect((await upload(app, config, cookie, await testImage(900, 700, 'jpeg'))).json()).toEqual({
      id,
      previewPath,
    });
  });

  it('answer 404 for any other address under /photos/', async () => {
    const { app, config, cookie } = await signedInAdmin();
    const { id } = (await upload(app, config, cookie, await testImage(300, 300))).json<{ id: string }>();
    for (const url of [
      `/photos/${id}-100.webp`,
      `/photos/${id}-160.avif`,
      `/photos/${'0'.repeat(24)}-160.webp`,
      '/photos/x-160.webp',
      '/photos/',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).not.toContain('immutable');
    }
  });

  it('refuses what is not a PNG, JPEG or WebP, what is too large and what cannot be read, saying so', async () => {
    const { app, config, cookie } = await signedInAdmin();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const png = await testImage(300, 300);
    const tooLarge = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES + 1 - png.length)]);
    const cases = [
      [svg, 415, 'unsupported-type', 'This file is not a PNG, JPEG or WebP photo. Upload one of those.'],
      [tooLarge, 413, 'too-large', 'The photo is too large: upload one of at most 10 MB.'],
      [png.subarray(0, 120), 422, 'unreadable', expect.stringContaining('could not be read')],
    ] as const;
    for (const [bytes, status, error, message] of cases) {
      const response = await upload(app, config, cookie, bytes);
      expect(response.statusCode, error).toBe(status);
      expect(response.json(), error).toEqual({ error, message });
    }
    const empty = await api(app, config, 'POST', '/website/photos', { cookie, body: { data: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: unknown }>().fields).toEqual({ data: 'Choose a photo to upload.' });
  });

  it('are refused to a member', async () => {
    const { app, config } = await testApp();
    const member = await staffMember(app, config, 'ravi.kumar@acme.test', 'member');
    const response = await upload(app, config, member.cookie, await testImage(300, 300));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBe('admin-only');
  });

  it('are removed, files and all, when the content names them no more', async () => {
    const { app, config, cookie } = await signedInAdmin();
    const ids: string[] = [];
    for (const size of [300, 310, 320]) {
      ids.push((await upload(app, config, cookie, await testImage(size, size))).json<{ id: string }>().id);
    }
    const [kept, removed, recent] = ids as [string, string, string];
    const stores = await openStores(config);
    try {
      const { storage } = stores;
      // Photos uploaded in the last minute are spared: nothing is removed yet.
      const sparedSince = new Date(Date.now() - 60_000);
      expect(
        await storage.write.run((trx) => removePhotosExcept(trx, [kept], { keepUploadedSince: sparedSince })),
      ).toEqual([]);
      const gone = await storage.write.run((trx) => removePhotosExcept(trx, [kept, recent]));
      expect(gone).toEqual([removed]);
      expect(await storedPhotoIds(storage.db)).toEqual([kept, recent].sort());
      expect(await storage.write.run((trx) => removePhotosExcept(trx, []))).toEqual([kept, recent].sort());
    } finally {
      await stores.close();
    }
    expect((await app.inject({ method: 'GET', url: photoPath(kept, 160) })).statusCode).toBe(404);
  });
});
