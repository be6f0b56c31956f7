import { describe, expect, it } from 'vitest';
import { isStorageUnavailable } from './storage-errors.ts';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isStorageUnavailable', () => {
  it.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_READONLY',
    'SQLITE_READONLY_DBMOVED',
    'SQLITE_FULL',
    'SQLITE_IOERR_WRITE',
    'SQLITE_CANTOPEN',
    'ENOSPC',
    'EROFS',
  ])('is true for %s (answered with 503)', (code) => {
    expect(isStorageUnavailable(withCode(code))).toBe(true);
    expect(isStorageUnavailable(new Error('wrapped', { cause: withCode(code) }))).toBe(true);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'ERR_INVALID_ARG_TYPE'])(
    'is false for %s (a bug, answered with 500)',
    (code) => {
      expect(isStorageUnavailable(withCode(code))).toBe(false);
    },
  );

  it('is false for things that are not errors', () => {
    expect(isStorageUnavailable(undefined)).toBe(false);
    expect(isStorageUnavailable('SQLITE_BUSY')).toBe(false);
  });
});
