import { createHash, randomBytes } from 'node:crypto';

/**
 * A new secret for a link or a cookie: 32 random bytes (256 bits), base64url,
 * 43 characters, safe in a URL as is. Never stored: only its hash is.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256, in hex. A token has 256
 * random bits, so a plain hash is enough (no salt or slow hash: nothing to
 * guess); someone who reads the database cannot turn it back into a link or a
 * session.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether a value can be a token at all (anything else is refused before the database is asked). */
export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}
