/**
 * A team photo, as uploaded once and named by the pages' content (common/site-content/photos.ts). Its
 * files are in photo_files; it is removed, files and all, once no content names it
 * (removePhotosExcept).
 */
interface PhotosTable {
  /** 24 hex digits of the SHA-256 of its files: the same upload twice is the same photo. */
  id: string;
  /** The uploaded image's size in pixels (after its orientation is applied). */
  source_width: number;
  source_height: number;
  created_at: string;
}

/** One width of a photo: a square, encoded once at upload. */
interface PhotoFilesTable {
  photo_id: string;
  /** The width it is served as (common/site-content/photos.ts PHOTO_WIDTHS). */
  width: number;
  /** Its real side in pixels: the width, or less when the upload was smaller (never enlarged). */
  pixels: number;
  media_type: string;
  data: Buffer;
}

/** The photos' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface PhotoTables {
  photos: PhotosTable;
  photo_files: PhotoFilesTable;
}
