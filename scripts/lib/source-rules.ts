/** Rules on the source, read as text (scripts/source-rules.test.ts applies them). */

/** The code without its comments, lines kept where they were. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function matches(source: string, pattern: RegExp): string[] {
  const code = withoutComments(source);
  return [...code.matchAll(pattern)].map((match) => {
    const line = code.slice(0, match.index).split('\n').length;
    return `line ${line}: ${match[0].replace(/\s+/g, ' ')}`;
  });
}

/** Each `as unknown as` (a cast that hides a type that drifted), as `line N: code`. */
export function doubleCasts(source: string): string[] {
  return matches(source, /\bas\s+unknown\s+as\s+\w+/g);
}

/**
 * Each read of which database it is: the `dialect` member or binding, the DatabaseDialect type, or the
 * databases' names as strings ('sqlite', 'postgres'), as `line N: code`.
 */
export function dialectReads(source: string): string[] {
  return matches(
    source,
    /\.dialect\b|\{[^}]*\bdialect\b[^}]*\}\s*=|\bDatabaseDialect\b|['"`](?:sqlite|postgres)['"`]/g,
  );
}
