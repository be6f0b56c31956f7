import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './lib/table-owners.ts';
import { tableQueries } from './lib/table-queries.ts';

const TABLES = Object.keys(TABLE_OWNERS);

/**
 * The server's source files, each with the folder of server/ it is in ('' at the top). Tests and their
 * helpers set up rows as they need; migrations are read by server/db/table-owners.test.ts (a shipped
 * migration is never edited).
 */
function serverFiles(): { file: string; folder: string }[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'server/*.ts', 'server/*.tsx'],
    { encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((file) => file !== '' && existsSync(file))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !/-migrations\.ts$/.test(file))
    .filter((file) => !/^server\/(?:test|fault-tests)\//.test(file))
    .map((file) => {
      const parts = file.split('/');
      return { file, folder: parts.length > 2 ? (parts[1] ?? '') : '' };
    });
}

describe('a query names only its own tables', () => {
  it('finds a table named in a query however it is spelt', () => {
    const queries = [
      "await trx.selectFrom('quote_requests').selectAll().execute();",
      "db.selectFrom('lead_messages as m').innerJoin('quote_requests', 'quote_requests.id', 'm.id')",
      "trx.insertInto('admin_activity').values(row)",
      'trx.updateTable("quote_requests").set({ escalated_at: at })',
      "trx\n  .deleteFrom(\n    'lead_attachments'\n  )",
      "query.leftJoin('lead_attachments as a', 'a.quote_request_id', 'q.id')",
      "eb.selectFrom(sql.table('visit_days').as('v'))",
      'sql`select count(*) from quote_requests where spam = 0`',
      'sql`select 1 from lead_messages m join "quote_requests" q on q.id = m.quote_request_id`',
      'sql`insert into admin_activity (at) values (${at})`',
      'sql`UPDATE quote_requests SET escalated_at = ${at}`',
      'sql`delete from lead_attachments where id = ${id}`',
    ];
    for (const snippet of queries) expect(tableQueries(snippet, TABLES).length, snippet).toBeGreaterThan(0);
  });

  it('lets comments, columns, other names and prose through', () => {
    const fine = [
      '// read from quote_requests',
      '/* update quote_requests set … */',
      "db.selectFrom('quote_requests_search')",
      "db.selectFrom('quote_requests_of_day')",
      "const quote_requests = 1; row.quote_request_id = 'x';",
      "eb.ref('quote_requests.id')",
      'const from = subscribers.length;',
    ];
    for (const snippet of fine) expect(tableQueries(snippet, TABLES), snippet).toEqual([]);
  });

  it("is never in another feature's folder: the owner exports a function instead", () => {
    const trespasses = serverFiles().flatMap(({ file, folder }) =>
      tableQueries(readFileSync(file, 'utf8'), TABLES)
        .filter((query) => TABLE_OWNERS[query.table] !== folder)
        .map((query) => `${file} ${query.table} ${query.at}`),
    );
    // No allow-list: the owner exports a function for what another feature needs of its tables.
    expect(trespasses, "Call a function the table's owner exports (see scripts/lib/table-owners.ts)").toEqual(
      [],
    );
  });
});

/** Each folder's declaration of its tables: `export interface LeadTables { quote_requests: …; … }`. */
function tableTypes(): { name: string; folder: string; tables: string[] }[] {
  return serverFiles().flatMap(({ file, folder }) =>
    [...readFileSync(file, 'utf8').matchAll(/^export interface (\w+Tables) \{\n([^}]*)\}/gm)].map(
      (match) => ({
        name: match[1] ?? '',
        folder,
        tables: [...(match[2] ?? '').matchAll(/^ {2}(\w+):/gm)].map((table) => table[1] ?? ''),
      }),
    ),
  );
}

/** The names a file imports from another folder of server/, each with that folder. */
function importsOfOtherFolders(file: string, folder: string): { name: string; from: string }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)].flatMap((match) => {
    const target = join(dirname(file), match[2] ?? '');
    const from = relative('server', target).split(sep)[0] ?? '';
    if (from === folder || from.startsWith('..')) return [];
    return (match[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter((name) => name !== '')
      .map((name) => ({ name, from }));
  });
}

describe("a table's type is visible only inside its owner", () => {
  it("is declared in its owner's folder, with the tables scripts/lib/table-owners.ts gives it", () => {
    const declared = tableTypes();
    const owners = [...new Set(Object.values(TABLE_OWNERS))];
    for (const owner of owners) {
      const its = declared.filter(({ folder }) => folder === owner);
      expect(its.length, `one interface …Tables in server/${owner}/`).toBe(1);
      const mine = TABLES.filter((table) => TABLE_OWNERS[table] === owner).sort();
      expect([...(its[0]?.tables ?? [])].sort(), `server/${owner}/`).toEqual(mine);
    }
    expect(declared.filter(({ folder }) => !owners.includes(folder))).toEqual([]);
  });

  it('is never imported by another folder: a feature views the database with its own tables (tablesOf)', () => {
    const names = new Set(tableTypes().map(({ name }) => name));
    const imported = serverFiles().flatMap(({ file, folder }) =>
      importsOfOtherFolders(file, folder)
        .filter(({ name }) => names.has(name))
        .map(({ name, from }) => `${file} imports ${name} from ${from}/`),
    );
    // No allow-list: the owner exports a function (docs/decisions/061-table-types-owned-by-their-feature.md).
    expect(imported).toEqual([]);
  });
});
