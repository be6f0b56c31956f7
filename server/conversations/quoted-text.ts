/**
 * Splits an answer's text into what the client wrote and what it quoted (shown folded behind "Show
 * quoted text"), in the ways the common mail clients quote:
 * - Gmail, Apple Mail, Thunderbird: an attribution line "On …, … wrote:" (Gmail wraps it over two
 *   lines; Apple Mail quotes it too, as "> On … wrote:"), then the quoted lines;
 * - Outlook: a rule of underscores or "-----Original Message-----", or a header block "From:" followed
 *   by "Sent:" (or "Date:") within the next lines, and no ">" at all;
 * - any client: the trailing run of ">" lines.
 * A forwarded message ("---------- Forwarded message ---------") is what the client means to send us,
 * so it stays in the text.
 */
export interface SplitText {
  body: string;
  quoted: string;
}

const ATTRIBUTION = /^>?\s*On\b.*\bwrote:\s*$/i;
const ATTRIBUTION_START = /^>?\s*On\b.*\d/i;
const OUTLOOK_RULE = /^(_{10,}|-{2,}\s*Original Message\s*-{2,})\s*$/i;
const HEADER_FROM = /^\*?From:\*?\s/i;
const HEADER_SENT = /^\*?(Sent|Date):\*?\s/i;

/** Whether line i starts Outlook's "From:/Sent:" block (Sent or Date within the next three lines). */
function outlookBlockAt(lines: readonly string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i] ?? '')) return false;
  return lines.slice(i + 1, i + 4).some((line) => HEADER_SENT.test(line));
}

/** Whether line i starts an attribution ("On … wrote:"), on one line or wrapped over two. */
function attributionAt(lines: readonly string[], i: number): boolean {
  const line = lines[i] ?? '';
  if (ATTRIBUTION.test(line)) return true;
  const joined = `${line} ${lines[i + 1] ?? ''}`;
  return ATTRIBUTION_START.test(line) && ATTRIBUTION.test(joined) && !ATTRIBUTION.test(lines[i + 1] ?? '');
}

/** The first line where quoting starts, or -1. */
function quoteStart(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^-{5,}\s*Forwarded message/i.test(line) || /^Begin forwarded message:/i.test(line)) return -1;
    if (attributionAt(lines, i) || OUTLOOK_RULE.test(line.trim()) || outlookBlockAt(lines, i)) return i;
  }
  // No attribution: the trailing run of quoted lines, if any.
  let start = lines.length;
  while (start > 0 && /^(>|\s*$)/.test(lines[start - 1] ?? '')) start -= 1;
  const quoted = lines.slice(start).some((line) => line.startsWith('>'));
  return quoted && start > 0 ? start : -1;
}

export function splitQuoted(text: string): SplitText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const start = quoteStart(lines);
  if (start === -1) return { body: text.trim(), quoted: '' };
  return { body: lines.slice(0, start).join('\n').trim(), quoted: lines.slice(start).join('\n').trim() };
}
