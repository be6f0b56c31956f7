import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * A delivery's webhook-id, fixed when it is queued so every retry carries the same one and the
 * receiver can drop duplicates. Random: it tells nothing of how many leads the company gets.
 */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * The webhook-signature header, signed by the Standard Webhooks library: "v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>" for each secret, separated by spaces (after "Rotate secret", the new and the
 * previous one), keyed with the bytes the secret's base64 part stands for.
 */
export function webhookSignature(
  secrets: readonly string[],
  { id, at, body }: { id: string; at: Date; body: string },
): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}
