import { createHash, createVerify, type KeyObject } from 'node:crypto';

/** DKIM-Signature's tags (RFC 6376 3.5), white space removed from their values. */
export function dkimTags(message: Buffer): Record<string, string> {
  const { headers } = splitMessage(message);
  const signature = headers.find((header) => /^dkim-signature:/i.test(header)) ?? '';
  const tags: Record<string, string> = {};
  for (const part of signature.slice(signature.indexOf(':') + 1).split(';')) {
    const at = part.indexOf('=');
    if (at > 0) tags[part.slice(0, at).trim()] = part.slice(at + 1).replace(/\s+/g, '');
  }
  return tags;
}

/** The header fields (each with its folded lines) and the body, as they travelled. */
function splitMessage(message: Buffer): { headers: string[]; body: string } {
  const text = message.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const headers = text.slice(0, end).split(/\r\n(?![ \t])/);
  return { headers, body: text.slice(end + 4) };
}

/** Relaxed body canonicalisation (RFC 6376 3.4.4). */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/** Relaxed header canonicalisation (RFC 6376 3.4.2), without the line end. */
function relaxedHeader(field: string): string {
  const at = field.indexOf(':');
  const value = field
    .slice(at + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${field.slice(0, at).trim().toLowerCase()}:${value}`;
}

/** The body hash a verifier computes (relaxed, SHA-256), to compare with bh=. */
export function relaxedBodyHash(message: Buffer): string {
  return createHash('sha256')
    .update(relaxedBody(splitMessage(message).body), 'latin1')
    .digest('base64');
}

/**
 * Whether the rsa-sha256, relaxed/relaxed signature verifies with this public
 * key: the signed header fields (the last of each name first, RFC 6376 5.4.2),
 * then the DKIM-Signature field with an empty b=.
 */
export function verifiesWith(message: Buffer, publicKey: KeyObject): boolean {
  const { headers } = splitMessage(message);
  const tags = dkimTags(message);
  const remaining = [...headers];
  const signed: string[] = [];
  for (const name of (tags.h ?? '').split(':')) {
    const index = remaining.findLastIndex((field) =>
      field.toLowerCase().startsWith(`${name.toLowerCase()}:`),
    );
    if (index < 0) continue;
    signed.push(`${relaxedHeader(remaining[index] ?? '')}\r\n`);
    remaining.splice(index, 1);
  }
  const signature = headers.find((header) => /^dkim-signature:/i.test(header)) ?? '';
  const unsigned = relaxedHeader(signature).replace(/([:;] ?)b=[^;]*/, '$1b=');
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signed.join('') + unsigned, 'latin1');
  return verifier.verify(publicKey, tags.b ?? '', 'base64');
}
