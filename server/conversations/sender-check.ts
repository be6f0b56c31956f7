/**
 * Who an incoming mail is from, as far as the company's own mail server vouches for it: its
 * `Authentication-Results` headers (RFC 8601), only those the server wrote (their authserv-id is
 * IMAP_AUTHSERV_ID); anyone can write such a header into the mail they send, so any other is ignored.
 */

import { DMARC_RESULTS, type DmarcResult } from '../../common/conversation.ts';

/** The text with its comments ("(…)", nested) left out, quoted strings kept as they are. */
function withoutComments(text: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted) {
      out += char;
      if (char === '\\') out += text[(i += 1)] ?? '';
      else if (char === '"') quoted = false;
    } else if (depth > 0) {
      if (char === '\\') i += 1;
      else if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
    } else if (char === '(') {
      depth = 1;
      out += ' ';
    } else {
      if (char === '"') quoted = true;
      out += char;
    }
  }
  return out;
}

/** The parts between semicolons, outside quoted strings. */
function parts(text: string): string[] {
  const found: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '"') quoted = !quoted;
    if (char === '\\' && quoted) {
      current += char + (text[(i += 1)] ?? '');
      continue;
    }
    if (char === ';' && !quoted) {
      found.push(current);
      current = '';
    } else current += char;
  }
  found.push(current);
  return found.map((part) => part.trim());
}

/** One Authentication-Results header's value: who wrote it, and each method's result. */
export function parseAuthenticationResults(value: string): {
  authservId: string;
  results: { method: string; result: string }[];
} {
  const [first = '', ...rest] = parts(withoutComments(value.replace(/\r?\n[ \t]/g, ' ')));
  const authservId = (first.split(/\s+/)[0] ?? '').replace(/^"|"$/g, '').toLowerCase();
  const results = rest.flatMap((part) => {
    const match = /^([a-z0-9_-]+)(?:\s*\/\s*\d+)?\s*=\s*([a-z0-9_-]+)/i.exec(part);
    return match?.[1] && match[2] ? [{ method: match[1].toLowerCase(), result: match[2].toLowerCase() }] : [];
  });
  return { authservId, results };
}

/**
 * The DMARC result the company's mail server wrote (the first of its headers that has one, from the
 * top: the server adds its own above what the sender wrote), or null when there is none to trust: no
 * authserv-id configured, no header of it, or no DMARC result in them.
 */
export function dmarcResult(headers: readonly string[], authservId: string | undefined): DmarcResult | null {
  const trusted = authservId?.trim().toLowerCase();
  if (!trusted) return null;
  for (const header of headers) {
    const parsed = parseAuthenticationResults(header);
    if (parsed.authservId !== trusted) continue;
    const dmarc = parsed.results.find((entry) => entry.method === 'dmarc');
    if (dmarc)
      return (DMARC_RESULTS as readonly string[]).includes(dmarc.result)
        ? (dmarc.result as DmarcResult)
        : null;
  }
  return null;
}
