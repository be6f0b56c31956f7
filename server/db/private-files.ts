import { chmodSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The database, its WAL, the backups and the .eml files hold personal data
 * (and live unsubscribe links): readable by the server's user only.
 */
export const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/**
 * Makes the folder, and any missing above it, readable by the server's user
 * only (0700 whatever the umask). A folder that was there already is left as
 * it is: it may be shared (a DATABASE_PATH in a folder other programs use,
 * or one the server's user does not own), and its own mode is its owner's
 * choice; the files the server puts in it are 0600 anyway.
 */
export function ensurePrivateDir(dir: string) {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if (first === undefined) return;
  // Every folder made: from `dir` up to the first one made, never above it.
  const outermost = resolve(first);
  for (let made = resolve(dir); ; made = dirname(made)) {
    const below = relative(outermost, made);
    if (below === '..' || below.startsWith(`..${sep}`) || isAbsolute(below)) break;
    chmodSync(made, PRIVATE_DIR);
    if (made === outermost) break;
  }
}
