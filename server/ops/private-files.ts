import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * The database, its WAL, the backups and the .eml files hold personal data
 * (and live unsubscribe links): readable by the server's user only.
 */
export const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** Makes the folder if needed, readable by the server's user only. */
export function ensurePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, PRIVATE_DIR);
}
