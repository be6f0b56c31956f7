import { randomBytes } from 'node:crypto';

/** Digits and capitals without I, L, O and U, which are read or typed as others (Crockford's Base32). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 6;

/** A reference's shape: `Q-` and six of those characters. */
export const LEAD_REFERENCE = /^Q-[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * A lead's reference in its emails, e.g. `Q-7F3K9C`: random (30 bits), so
 * unlike the row id it reveals nothing of how many leads the company gets,
 * even to a visitor who sees it in the subject of a staff reply.
 */
export function newLeadReference(): string {
  // 256 is a multiple of 32: each byte gives one character, evenly.
  const characters = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return `Q-${characters.join('')}`;
}
