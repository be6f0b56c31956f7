/**
 * SQLite result codes, PostgreSQL's error codes, and system errors that mean
 * "the database cannot take a write right now": locked by another process,
 * read-only, disk full, I/O failure, cannot open or reach it. The request is refused with 503 and the next one
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
const UNAVAILABLE_SYSTEM_CODES = [
  'ENOSPC',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'EDQUOT',
  'EMFILE',
  'ENFILE',
  // PostgreSQL out of reach (stopped, restarting, the network between).
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
];
/**
 * PostgreSQL's SQLSTATE classes and codes for the same: connection exceptions
 * (08), insufficient resources (53: disk full, too many connections), operator
 * intervention (57P01-57P05: shutdown, crash, not accepting connections yet),
 * system errors (58), and a read-only transaction (25006: a standby, or a
 * database set read-only).
 */
const UNAVAILABLE_POSTGRES_CLASSES = ['08', '53', '58'];
const UNAVAILABLE_POSTGRES_CODES = ['57P01', '57P02', '57P03', '57P04', '57P05', '25006'];
/** node-postgres's own errors when the connection is lost or cannot be made in time. */
const UNAVAILABLE_POSTGRES_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not queryable|cannot use a pool after calling end/i;
/** The write queue after it was closed (the server is shutting down). */
const STORAGE_CLOSED = 'STORAGE_CLOSED';

/**
 * PostgreSQL's "could not serialize access" and "deadlock detected": the
 * transaction was undone because another ran at the same time, and running it
 * again is the documented answer.
 */
const RETRYABLE_POSTGRES_CODES = new Set(['40001', '40P01']);

/** Whether the transaction was undone only because another ran at the same time (write it again). */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && RETRYABLE_POSTGRES_CODES.has(code);
}

export function isStorageUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      // Extended codes: SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE...
      if (UNAVAILABLE_SQLITE_CODES.some((base) => code === base || code.startsWith(`${base}_`))) return true;
      if (UNAVAILABLE_SYSTEM_CODES.includes(code) || code === STORAGE_CLOSED) return true;
      if (/^[0-9A-Z]{5}$/.test(code)) {
        if (UNAVAILABLE_POSTGRES_CODES.includes(code)) return true;
        if (UNAVAILABLE_POSTGRES_CLASSES.includes(code.slice(0, 2))) return true;
      }
    }
    if (current instanceof Error && UNAVAILABLE_POSTGRES_MESSAGES.test(current.message)) return true;
    // Kysely after the connection was closed (during shutdown).
    if (current instanceof Error && /driver has already been destroyed/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
