/** How many of the thread's last Message-IDs a reply's References keeps, after the first. */
const LAST_REFERENCES = 10;

/**
 * A reply's References, bounded: the thread's first Message-ID and its last ten (RFC 5322 3.6.4 lets
 * the middle go; mail clients thread on the first and the last). A client's mail can carry any number
 * (one came with 279 KB of them): a reply never copies more than eleven.
 */
export function threadReferences(references: string): string {
  const ids = references.split(/\s+/).filter(Boolean);
  if (ids.length <= LAST_REFERENCES + 1) return ids.join(' ');
  return [ids[0], ...ids.slice(-LAST_REFERENCES)].join(' ');
}
