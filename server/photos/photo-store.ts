import type { Kysely } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ResizedPhoto } from './photo-image.ts';
import type { PhotoTables } from './photo-tables.ts';

/** A stored width of a photo, as it is served. */
export interface StoredPhotoFile {
  mediaType: string;
  data: Buffer;
}

/**
 * Stores a resized photo and its files in one write. The same upload again is the same photo (its id is
 * its files' hash): stored once, and the second upload changes nothing.
 */
export async function savePhoto(storage: Storage, photo: ResizedPhoto, now: Date): Promise<void> {
  await storage.write.run(async (trx) => {
    const db = tablesOf<PhotoTables>(trx);
    const inserted = await db
      .insertInto('photos')
      .values({
        id: photo.id,
        source_width: photo.sourceWidth,
        source_height: photo.sourceHeight,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await db
      .insertInto('photo_files')
      .values(
        photo.files.map((file) => ({
          photo_id: photo.id,
          width: file.width,
          pixels: file.pixels,
          media_type: file.mediaType,
          data: file.data,
        })),
      )
      .execute();
  });
}

/** One width of a photo, if the photo is stored. */
export async function photoFile(
  db: Kysely<Database>,
  id: string,
  width: number,
): Promise<StoredPhotoFile | undefined> {
  const row = await tablesOf<PhotoTables>(db)
    .selectFrom('photo_files')
    .select(['media_type', 'data'])
    .where('photo_id', '=', id)
    .where('width', '=', width)
    .executeTakeFirst();
  return row && { mediaType: row.media_type, data: Buffer.from(row.data) };
}

/** The ids of every stored photo, those stored since `since` left out when it is given. */
export async function storedPhotoIds(db: Kysely<Database>, since?: Date): Promise<string[]> {
  let query = tablesOf<PhotoTables>(db).selectFrom('photos').select('id');
  if (since) query = query.where('created_at', '<', since.toISOString());
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Removes every stored photo whose id is not in `keepIds`, with its files: what the content feature
 * calls once no draft or release names a photo any more. `keepUploadedSince` spares the photos uploaded
 * since then, which an editor may be about to save in a draft. Call it in a write's transaction
 * (`storage.write.run`), so that a photo and its files go together. Resolves to the ids removed.
 */
export async function removePhotosExcept(
  db: Kysely<Database>,
  keepIds: readonly string[],
  { keepUploadedSince }: { keepUploadedSince?: Date } = {},
): Promise<string[]> {
  const keep = new Set(keepIds);
  const removed = (await storedPhotoIds(db, keepUploadedSince)).filter((id) => !keep.has(id));
  await inChunks(removed, async (chunk) => {
    const photos = tablesOf<PhotoTables>(db);
    await photos.deleteFrom('photo_files').where('photo_id', 'in', chunk).execute();
    await photos.deleteFrom('photos').where('id', 'in', chunk).execute();
  });
  return removed;
}
