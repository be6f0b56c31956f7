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

/**
 * SQL that only one of the two databases understands, as `line N: code`: a PostgreSQL cast (`::integer`,
 * `'simple'::regconfig`; not an IPv6 address such as `::ffff:…` or `fe80::1`, whose hex digits never spell
 * a type), a `pg_…()` function, PL/pgSQL, tsvector, ILIKE and information_schema (PostgreSQL), and
 * PRAGMA and sqlite_master (SQLite). Comments are not read.
 */
export function dialectSql(source: string): string[] {
  return matches(
    source,
    /(?<=[\w)'"\]}])::(?=[a-z0-9_]*[g-z_])[a-z_][a-z0-9_]*\b(?!:)|\bpg_\w+\(|\bplpgsql\b|\btsvector\b|\bilike\b|\binformation_schema\b|\bpragma\b|\bsqlite_master\b/gi,
  );
}
