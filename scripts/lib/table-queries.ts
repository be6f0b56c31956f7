/** Kysely's query builders that name a table: a read, a write or a join. */
const KYSELY_CALLS = [
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'table',
].join('|');

/** SQL's words before a table's name, in a sql`` template or a string. */
const SQL_WORDS = String.raw`from|join|into|update|delete\s+from|merge\s+into|using`;

/** The code without its comments (which may well say "from quote_requests"), lines kept where they were. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export interface TableQuery {
  table: string;
  /** `line N: code`. */
  at: string;
}

/**
 * Each query in this source that names one of these tables, through Kysely (selectFrom('t'),
 * updateTable("t as x"), innerJoin('t', …), sql.table('t')) or SQL (from t, join "t", insert into t,
 * update t, delete from t).
 */
export function tableQueries(source: string, tables: readonly string[]): TableQuery[] {
  const names = [...tables].sort((a, b) => b.length - a.length).join('|');
  const patterns = [
    new RegExp(String.raw`\b(?:${KYSELY_CALLS})\s*\(\s*['"\`](${names})(?![\w$])`, 'g'),
    new RegExp(String.raw`\b(?:${SQL_WORDS})\s+(?:only\s+)?["\`]?(${names})(?![\w$])`, 'gi'),
  ];
  const code = withoutComments(source);
  const found: TableQuery[] = [];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split('\n').length;
      found.push({
        table: (match[1] ?? '').toLowerCase(),
        at: `line ${line}: ${match[0].replace(/\s+/g, ' ')}`,
      });
    }
  }
  return found;
}
