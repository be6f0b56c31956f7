import { randomBytes } from 'node:crypto';

/**
 * A webhook's signing secret as the Standard Webhooks spec writes it: "whsec_" and the base64 of 32
 * random bytes. What signs is those bytes (base64-decoded after the prefix), not the text.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
