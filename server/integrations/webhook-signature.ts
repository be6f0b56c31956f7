import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret as Standard Webhooks writes it: "whsec_" and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * A delivery's webhook-id, fixed when it is queued so every retry carries the same one and the
 * receiver can drop duplicates. Random: it tells nothing of how many leads the company gets.
 */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * The webhook-signature header: "v1,<base64 HMAC-SHA256 of id.timestamp.body>" for each secret,
 * separated by spaces (after "Rotate secret", the new and the previous one), keyed with the bytes
 * the secret's base64 part stands for.
 */
export function webhookSignature(
  secrets: readonly string[],
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(
        secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
        'base64',
      );
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
