import { createHash, randomBytes } from 'node:crypto';

/** How long a confirmation link works after its email is sent. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** 32 random bytes, base64url: 43 characters, 256 bits, safe in a URL as is. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new token for a link in an email. Never stored: only its hash is (hashToken). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256, in hex. A token has 256
 * random bits, so a plain hash is enough (no salt or slow hash: nothing to
 * guess); someone who reads the database cannot turn it back into a link.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a value can be a token at all (anything else is refused before the database is asked). */
export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

/** A URL with the value of every token parameter hidden, for the logs: a link works for whoever reads it. */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
