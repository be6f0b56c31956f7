/** The most words one search takes; more are ignored. */
const MAX_WORDS = 8;

/**
 * A search box's text as an SQLite FTS5 query: every word (letters and
 * digits; punctuation, operators and quotes are dropped, so nothing typed can
 * be FTS syntax) must appear, as a word or the start of one. "priya@company"
 * finds "priya@company.in"; "98000" finds "+91 98000 00000". Undefined when
 * the text holds no word at all.
 */
export function searchQuery(text: string): string | undefined {
  const words =
    text
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_WORDS) ?? [];
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(' ') : undefined;
}
