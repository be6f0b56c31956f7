/**
 * The team's photos (admins only): a photo is uploaded on its own, before the page that shows it is
 * saved, and the page's content then names it by id (common/site-content/photos.ts). The contract is
 * JSON, so the file travels as base64 in the body (docs/decisions/070-team-photos.md): a third larger
 * than the file, under a body limit of this endpoint's own.
 */
import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../site-content/photos.ts';
import { endpoint } from './endpoint.ts';

/** The most bytes the upload's body may have: a file of PHOTO_MAX_BYTES as base64, and room to spare. */
export const PHOTO_UPLOAD_BODY_LIMIT = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 2 * 1024 * 1024;

export const photoEndpoints = {
  /**
   * Stores a photo (PNG, JPEG or WebP, told from its content, at most PHOTO_MAX_BYTES) as squares of
   * each of PHOTO_WIDTHS. 413 "too-large", 415 "unsupported-type" (an SVG, a PDF, a photo named .png that
   * is not one), 422 "unreadable" (a damaged file).
   */
  upload: endpoint({
    method: 'POST',
    path: '/website/photos',
    access: 'admin',
    body: z.object({
      /** The file's bytes, base64. */
      data: z.base64('Choose a photo to upload.').min(1, 'Choose a photo to upload.'),
    }),
    reply: z.object({
      /** What the page's content names the photo by. */
      id: z.string(),
      /** Its smallest width's address, for a preview. */
      previewPath: z.string(),
    }),
    errors: ['too-large', 'unsupported-type', 'unreadable'],
  }),
};
