import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/database.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { removePhotosExcept } from '../photos/photo-store.ts';
import type { ContentStore } from './content-store.ts';

/** How often one instance removes the photos no release or draft uses any more. */
const PHOTO_CLEANUP_MS = 60 * 60_000;

/** A photo uploaded this recently is kept: an editor may be about to save it in a draft. */
export const PHOTO_GRACE_MS = 24 * 60 * 60_000;

/** The photo ids named in content (a release's whole content or a draft's page): every `photo.id`. */
function photoIdsIn(value: unknown, ids = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) photoIdsIn(item, ids);
  else if (value && typeof value === 'object') {
    const { photo } = value as { photo?: { id?: unknown } };
    if (typeof photo?.id === 'string') ids.add(photo.id);
    for (const inner of Object.values(value)) photoIdsIn(inner, ids);
  }
  return ids;
}

/** Removes the photos no release or draft names (those uploaded within the grace period stay). */
export async function cleanUpPhotos(
  storage: Pick<Storage, 'write'>,
  store: Pick<ContentStore, 'contentTexts'>,
  now: Date,
): Promise<string[]> {
  const ids = new Set<string>();
  for (const text of await store.contentTexts()) photoIdsIn(JSON.parse(text), ids);
  const keepUploadedSince = new Date(now.getTime() - PHOTO_GRACE_MS);
  return storage.write.run((trx) => removePhotosExcept(trx, [...ids], { keepUploadedSince }));
}

/** The clean-up as a job of one instance at a time, every hour. */
export function addPhotoCleanup(
  app: FastifyInstance,
  options: { storage: Storage; store: ContentStore; jobs: JobRunner; now: () => Date },
) {
  const job = options.jobs.add({
    name: 'content-photo-cleanup',
    everyMs: PHOTO_CLEANUP_MS,
    firstMs: PHOTO_CLEANUP_MS,
    where: { instances: 'one', lock: 'content-photo-cleanup' },
    run: async () => {
      const removed = await cleanUpPhotos(options.storage, options.store, options.now());
      if (removed.length) app.log.info({ photos: removed.length }, 'photos no release uses were removed');
    },
  });
  return job;
}
