/** The outbox's tables: only server/outbox/ writes them. */
const TABLES = '(?:outbox|outbox_throttle)';

/** Kysely's writes: insertInto('outbox'), updateTable("outbox as o"), deleteFrom, mergeInto, replaceInto. */
const KYSELY_WRITE = new RegExp(
  `\\b(?:insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\\s*\\(\\s*['"\`]${TABLES}(?:\\s+as\\s+\\w+)?['"\`]`,
  'g',
);

/** SQL's writes, in a sql`` template or a string: insert (or replace) into, update, delete from, merge into. */
const RAW_WRITE = new RegExp(
  `\\b(?:insert\\s+(?:or\\s+\\w+\\s+)?into|replace\\s+into|update|delete\\s+from|merge\\s+into)\\s+(?:only\\s+)?["\`]?${TABLES}["\`]?(?![\\w$])`,
  'gi',
);

/** Kysely's reads of the outbox table: selectFrom('outbox'), a join on it. */
const KYSELY_READ =
  /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\s*\(\s*['"`]outbox(?:\s+as\s+\w+)?['"`]/g;

/** SQL's reads of the outbox table: from outbox, join outbox. */
const RAW_READ = /\b(?:from|join)\s+["`]?outbox["`]?(?![\w$])/gi;

/** The code without its comments (which may well say "update outbox"), lines kept where they were. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Each match of these patterns in the source's code, as `line N: code`. */
function matches(source: string, patterns: readonly RegExp[]): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split('\n').length;
      found.push(`line ${line}: ${match[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

/** Each write to the outbox's tables in this source, as `line N: code`. */
export const outboxWrites = (source: string): string[] => matches(source, [KYSELY_WRITE, RAW_WRITE]);

/** Each read of the outbox table in this source (features read through owner-messages.ts), as `line N: code`. */
export const outboxReads = (source: string): string[] => matches(source, [KYSELY_READ, RAW_READ]);
