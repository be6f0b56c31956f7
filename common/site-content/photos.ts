/**
 * The team's photos as the pages and the server both name them (docs/decisions/070-team-photos.md): a
 * photo's id is a hash of its stored files, and each of its widths is a WebP square at an address made
 * from the id, so an address never changes what it serves and can be cached for ever.
 */

/** Where the photos are served from. */
export const PHOTO_PATH_PREFIX = '/photos/';

/** The widths (and heights: squares) each photo is stored at, in pixels, smallest first. */
export const PHOTO_WIDTHS = [160, 320, 640] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** What a photo's id looks like: 24 lowercase hex digits (the start of a SHA-256). */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{24}$/;

/** The largest file a photo may be uploaded as. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The address of one width of a photo. */
export function photoPath(id: string, width: PhotoWidth): string {
  return `${PHOTO_PATH_PREFIX}${id}-${width}.webp`;
}

/** The `srcset` of a photo: every width it is stored at. */
export function photoSrcSet(id: string): string {
  return PHOTO_WIDTHS.map((width) => `${photoPath(id, width)} ${width}w`).join(', ');
}
