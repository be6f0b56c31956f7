import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_WIDTHS } from '../../common/site-content/photos.ts';
import { PHOTO_MESSAGES, PhotoRefused, resizePhoto, TOO_MANY_PIXELS } from './photo-image.ts';

/** A photo-like test image: a gradient, so that the encoder has something to keep. */
async function testImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
  orientation?: number,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([x % 256, y % 256, (x + y) % 256], (y * width + x) * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (orientation) image.withMetadata({ orientation });
  return image.toFormat(format).toBuffer();
}

async function refusal(bytes: Buffer): Promise<PhotoRefused> {
  const error: unknown = await resizePhoto(bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PhotoRefused);
  return error as PhotoRefused;
}

describe('a team photo at upload', () => {
  it('becomes a WebP square at each width, cropped from a wide photo', async () => {
    const photo = await resizePhoto(await testImage(1200, 800, 'png'));
    expect(photo.id).toMatch(/^[0-9a-f]{24}$/);
    expect([photo.sourceWidth, photo.sourceHeight]).toEqual([1200, 800]);
    expect(photo.files.map((file) => [file.width, file.pixels, file.mediaType])).toEqual(
      PHOTO_WIDTHS.map((width) => [width, width, 'image/webp']),
    );
    for (const file of photo.files) {
      const metadata = await sharp(file.data).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', file.pixels, file.pixels]);
    }
  });

  it('is never enlarged: a small photo keeps its shorter side at the larger widths', async () => {
    const photo = await resizePhoto(await testImage(200, 300, 'jpeg'));
    expect(photo.files.map((file) => [file.width, file.pixels])).toEqual([
      [160, 160],
      [320, 200],
      [640, 200],
    ]);
  });

  it('is turned as its camera said, and keeps none of its metadata', async () => {
    const photo = await resizePhoto(await testImage(300, 200, 'jpeg', 6));
    expect([photo.sourceWidth, photo.sourceHeight]).toEqual([200, 300]);
    const metadata = await sharp(photo.files[0]!.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('takes WebP, and gives the same upload the same id and another photo another', async () => {
    const webp = await testImage(400, 400, 'webp');
    const first = await resizePhoto(webp);
    expect((await resizePhoto(webp)).id).toBe(first.id);
    expect((await resizePhoto(await testImage(401, 400, 'webp'))).id).not.toBe(first.id);
  });

  it('refuses an SVG, a PDF and text, whatever they are called, by their content', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    for (const bytes of [svg, pdf, Buffer.from('just some text')]) {
      const refused = await refusal(bytes);
      expect(refused.reason).toBe('unsupported-type');
      expect(refused.message).toBe('This file is not a PNG, JPEG or WebP photo. Upload one of those.');
    }
  });

  it('refuses a file over 10 MB before reading it', async () => {
    const png = await testImage(10, 10, 'png');
    const large = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES + 1 - png.length)]);
    const refused = await refusal(large);
    expect(refused.reason).toBe('too-large');
    expect(refused.message).toBe(PHOTO_MESSAGES['too-large']);
    expect(refused.message).toContain('at most 10 MB');
  });

  it('refuses a small file that claims a huge image, before decoding it', async () => {
    // A 10 × 10 PNG whose header (and its checksum) says 10,000 × 10,000: 100 megapixels.
    const png = Buffer.from(await testImage(10, 10, 'png'));
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const refused = await refusal(png);
    expect(refused.reason).toBe('too-large');
    expect(refused.message).toBe(TOO_MANY_PIXELS);
  });

  it('refuses a damaged photo as unreadable', async () => {
    const png = await testImage(400, 400, 'png');
    const refused = await refusal(png.subarray(0, 200));
    expect(refused.reason).toBe('unreadable');
    expect(refused.message).toBe(PHOTO_MESSAGES.unreadable);
  });
});
