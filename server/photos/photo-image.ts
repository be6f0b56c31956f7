import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_WIDTHS, type PhotoWidth } from '../../common/site-content/photos.ts';

/** The types a photo may be uploaded as, told from its content (never its name, never SVG). */
const PHOTO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The most pixels an upload may decode to: any camera's photo (a 48 MP phone's included), and a bound on
 * the memory a small file that claims a huge image could make the server take.
 */
const MAX_INPUT_PIXELS = 64_000_000;

/** The stored files' type and quality (docs/decisions/070-team-photos.md). */
const MEDIA_TYPE = 'image/webp';
const WEBP_QUALITY = 80;

/** Why a photo was refused, each with the sentence the editor shows. */
export type PhotoRefusal = 'too-large' | 'unsupported-type' | 'unreadable';

export class PhotoRefused extends Error {
  override name = 'PhotoRefused';
  constructor(
    readonly reason: PhotoRefusal,
    message: string,
  ) {
    super(message);
  }
}

export const PHOTO_MESSAGES: Record<PhotoRefusal, string> = {
  'too-large': `The photo is too large: upload one of at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  'unsupported-type': 'This file is not a PNG, JPEG or WebP photo. Upload one of those.',
  unreadable: 'This photo could not be read: the file may be damaged. Export it again, then upload it.',
};

const refused = (reason: PhotoRefusal, message = PHOTO_MESSAGES[reason]) => new PhotoRefused(reason, message);

/** The sentence for an image of more pixels than MAX_INPUT_PIXELS. */
export const TOO_MANY_PIXELS = `The photo is too large: upload one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;

/** One width of a photo, ready to store. */
interface PhotoFile {
  width: PhotoWidth;
  /** Its real side: the width, or the upload's shorter side when that is smaller. */
  pixels: number;
  mediaType: string;
  data: Buffer;
}

/** An upload, checked and resized. */
export interface ResizedPhoto {
  /** 24 hex digits of the SHA-256 of its files, in order. */
  id: string;
  sourceWidth: number;
  sourceHeight: number;
  files: PhotoFile[];
}

/** The upload's type from its first bytes, if it is one a photo may be. */
async function checkedType(bytes: Buffer): Promise<void> {
  if (bytes.length > PHOTO_MAX_BYTES) throw refused('too-large');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !PHOTO_TYPES.has(type.mime)) throw refused('unsupported-type');
}

/** The upload's size once turned as its EXIF orientation says, read from its header. */
async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw refused('unreadable');
  }
  const { width, height, orientation = 1 } = metadata;
  if (!width || !height) throw refused('unreadable');
  if (width * height > MAX_INPUT_PIXELS) throw refused('too-large', TOO_MANY_PIXELS);
  // Orientations 5 to 8 turn the image a quarter.
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * The largest square: cropped around what draws the eye (a face, usually), turned as the upload's
 * orientation says, never enlarged, decoded once (a damaged file fails here). Kept raw, so that every
 * width is made from the same pixels, with the same crop.
 */
async function largestSquare(bytes: Buffer, side: number) {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'cover', position: sharp.strategy.attention })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refused('unreadable');
  }
}

/** One width, from the largest square: WebP, without metadata (no EXIF, no location). */
async function fileOf(square: { data: Buffer; info: OutputInfo }, width: PhotoWidth): Promise<PhotoFile> {
  const pixels = Math.min(width, square.info.width);
  const { width: rawWidth, height, channels } = square.info;
  const data = await sharp(square.data, { raw: { width: rawWidth, height, channels } })
    .resize(pixels, pixels)
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  return { width, pixels, mediaType: MEDIA_TYPE, data };
}

/**
 * Checks an upload (at most PHOTO_MAX_BYTES; PNG, JPEG or WebP from its content; decodable) and makes
 * its squares at every width of PHOTO_WIDTHS. Throws a PhotoRefused saying why otherwise.
 */
export async function resizePhoto(bytes: Buffer): Promise<ResizedPhoto> {
  await checkedType(bytes);
  const { width, height } = await sizeOf(bytes);
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] ?? 0;
  const square = await largestSquare(bytes, Math.min(largest, width, height));
  const files: PhotoFile[] = [];
  for (const target of PHOTO_WIDTHS) files.push(await fileOf(square, target));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.data);
  return { id: hash.digest('hex').slice(0, 24), sourceWidth: width, sourceHeight: height, files };
}
