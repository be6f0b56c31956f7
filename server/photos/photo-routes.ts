import type { FastifyInstance } from 'fastify';
import { PHOTO_UPLOAD_BODY_LIMIT, photoEndpoints } from '../../common/inbox-api/photo-endpoints.ts';
import {
  PHOTO_ID_PATTERN,
  PHOTO_PATH_PREFIX,
  PHOTO_WIDTHS,
  photoPath,
} from '../../common/site-content/photos.ts';
import { ApiProblem } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';
import type { Storage } from '../db/database.ts';
import { PhotoRefused, type PhotoRefusal, resizePhoto } from './photo-image.ts';
import { photoFile, savePhoto } from './photo-store.ts';

/** The status of each refusal of an upload. */
const REFUSAL_STATUS: Record<PhotoRefusal, number> = {
  'too-large': 413,
  'unsupported-type': 415,
  unreadable: 422,
};

/** A photo's address never changes what it serves (its id is its files' hash): cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `<id>-<width>.webp`, the file part of a photo's address. */
const PHOTO_FILE = /^([0-9a-f]+)-(\d+)\.webp$/;

export interface PhotoUploadOptions {
  storage: Storage;
  now: () => Date;
}

/** The inbox's upload of a team photo (admins): checked, resized, stored; its id and preview back. */
export async function photoUploadRoutes(app: FastifyInstance, { storage, now }: PhotoUploadOptions) {
  registerEndpoint(
    app,
    photoEndpoints.upload,
    async ({ body }) => {
      try {
        const photo = await resizePhoto(Buffer.from(body.data, 'base64'));
        await savePhoto(storage, photo, now());
        return { id: photo.id, previewPath: photoPath(photo.id, PHOTO_WIDTHS[0]) };
      } catch (error) {
        if (!(error instanceof PhotoRefused)) throw error;
        throw new ApiProblem(REFUSAL_STATUS[error.reason], error.reason, error.message);
      }
    },
    { bodyLimit: PHOTO_UPLOAD_BODY_LIMIT },
  );
}

/**
 * GET /photos/<id>-<width>.webp: a stored photo's width, for anyone (the public pages show them), cached
 * for ever; the site's not-found page for any other address under /photos/.
 */
export async function photoServingRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  app.get<{ Params: { file: string } }>(`${PHOTO_PATH_PREFIX}:file`, async (request, reply) => {
    const [, id = '', width = ''] = PHOTO_FILE.exec(request.params.file) ?? [];
    const known = PHOTO_ID_PATTERN.test(id) && PHOTO_WIDTHS.some((each) => String(each) === width);
    const file = known ? await photoFile(storage.db, id, Number(width)) : undefined;
    if (!file) return reply.callNotFound();
    return reply
      .type(file.mediaType)
      .header('cache-control', IMMUTABLE)
      .header('content-length', String(file.data.length))
      .send(file.data);
  });
}
