/**
 * SQLite result codes (and file-system errors) that mean "the database cannot
 * take a write right now": locked by another process, read-only, disk full,
 * I/O failure, cannot open. The request is refused with 503 and the next one
 * tries again; nothing needs a restart once the cause is gone.
 */
const UNAVAILABLE_SQLITE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
  'SQLITE_NOLFS',
  'SQLITE_NOMEM',
];
const UNAVAILABLE_SYSTEM_CODES = ['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EDQUOT', 'EMFILE', 'ENFILE'];
/** The write queue after it was closed (the server is shutting down). */
const STORAGE_CLOSED = 'STORAGE_CLOSED';

export function isStorageUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Extended codes: SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE...
      if (UNAVAILABLE_SQLITE_CODES.some((base) => code === base || code.startsWith(`${base}_`))) return true;
      if (UNAVAILABLE_SYSTEM_CODES.includes(code) || code === STORAGE_CLOSED) return true;
    }
    // Kysely after the connection was closed (during shutdown).
    if (current instanceof Error && /driver has already been destroyed/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
